import { newsEventResource, STONE_STATUSES } from '@facet/contract';
import { Button, Flex, InputNumber, Select } from 'antd';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { TextAreaInput } from '../platform/forms/inputs.ts';
import type { FilterValue, RangeValue } from '../platform/lists/list-params.ts';
import { ReferenceSelect } from '../platform/resources/reference-select.tsx';
import { usePermissions } from '../platform/session/use-holder.ts';
import { FormRow, GradeButtons, GradeSelect, RangeInput } from './filter-controls.tsx';
import { type MasterValue, useMasterValues } from './stock-api.ts';
import {
  ALL_GRADES,
  BUTTON_GRADES,
  filterKey,
  KEY_TO_SYMBOL,
  MAIN_RANGES,
  MORE_GRADES,
  MORE_KEYS,
  MORE_RANGES,
  NEW_ARRIVALS_DAYS,
  NEW_ARRIVALS_KEY,
  parseStoneNumbers,
  SELECT_GRADES,
  SHOW_KEY,
  SHOW_SERIAL_KEY,
  STATUS_KEY,
  STONE_ID_KEY,
} from './stone-filter.ts';

type Filter = Record<string, FilterValue>;

const MASTER_CODES = [...new Set([...ALL_GRADES.map((grade) => grade.code), KEY_TO_SYMBOL.code])];
const NO_VALUES: readonly MasterValue[] = [];
const NEW_ARRIVAL_DAYS_OPTIONS = [1, 3, 7, 14, 30].map((days) => ({
  value: days,
  label: days === 1 ? 'Last day' : `Last ${days} days`,
}));

const stringsOf = (value: FilterValue | undefined): string[] =>
  Array.isArray(value) ? value.map(String) : [];
const rangeOf = (value: FilterValue | undefined): RangeValue | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;

/** The draft as the URL will keep it: the pasted numbers cleaned up, empty values dropped. */
function normalised(draft: Filter): Filter {
  const next: Filter = {};
  for (const [key, value] of Object.entries(draft)) {
    if (key === STONE_ID_KEY) {
      const numbers = parseStoneNumbers(String(value));
      if (numbers.length > 0) next[key] = numbers.join(',');
    } else if (Array.isArray(value) ? value.length > 0 : value !== undefined && value !== '') {
      next[key] = value;
    }
  }
  return next;
}

/**
 * The stock search form. Choices are a draft until Search (or Enter) applies them all at once, as a
 * trader sets shape, colours and sizes before asking; the applied filter lives in the URL.
 */
export function StoneSearchForm({
  applied,
  onSearch,
  onReset,
}: {
  applied: Filter;
  onSearch: (filter: Filter) => void;
  onReset: () => void;
}) {
  const appliedKey = filterKey(applied);
  const [draft, setDraft] = useState<Filter>(applied);
  // What this form last sent: its own search reaching the URL must not undo edits made since.
  const sent = useRef(appliedKey);
  // Back/forward or a shared link changes the URL under the form.
  // biome-ignore lint/correctness/useExhaustiveDependencies: appliedKey stands for the applied filter.
  useEffect(() => {
    if (appliedKey !== sent.current) setDraft(applied);
    sent.current = appliedKey;
  }, [appliedKey]);
  const masters = useMasterValues(MASTER_CODES);
  const valuesOf = (code: string) => masters.data?.[code] ?? NO_VALUES;
  const { can } = usePermissions();
  const moreOpenAtStart = useMemo(() => Object.keys(applied).some((key) => MORE_KEYS.has(key)), [applied]);

  const set = (key: string, value: FilterValue | undefined) =>
    setDraft((current) => {
      const next = { ...current };
      if (value === undefined || (Array.isArray(value) && value.length === 0)) delete next[key];
      else next[key] = value;
      return next;
    });

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const filter = normalised(draft);
    sent.current = filterKey(filter);
    onSearch(filter);
  };

  const pasted = parseStoneNumbers(typeof draft[STONE_ID_KEY] === 'string' ? draft[STONE_ID_KEY] : '');
  const newArrivals = typeof draft[NEW_ARRIVALS_KEY] === 'number' ? draft[NEW_ARRIVALS_KEY] : undefined;

  const moreSection = (
    <Flex vertical gap={12}>
      <div className="stock-more-grid">
        {MORE_GRADES.map((grade) => (
          <div key={grade.key}>
            <label htmlFor={`stock-${grade.key}`}>{grade.label}</label>
            <GradeSelect
              id={`stock-${grade.key}`}
              label={grade.label}
              values={valuesOf(grade.code)}
              loading={masters.isPending}
              selected={stringsOf(draft[grade.key])}
              onChange={(next) => set(grade.key, next)}
            />
          </div>
        ))}
        <div>
          <label htmlFor="stock-keyToSymbol">{KEY_TO_SYMBOL.label}</label>
          <Select
            id="stock-keyToSymbol"
            mode="multiple"
            allowClear
            size="small"
            aria-label={KEY_TO_SYMBOL.label}
            placeholder="Any"
            maxTagCount="responsive"
            value={stringsOf(draft[KEY_TO_SYMBOL.key])}
            onChange={(next: string[]) => set(KEY_TO_SYMBOL.key, next)}
            // The stone keeps the symbols' names, so the filter takes names.
            options={valuesOf(KEY_TO_SYMBOL.code).map((value) => ({ value: value.name, label: value.name }))}
            style={{ width: '100%' }}
          />
        </div>
        <div>
          <label htmlFor="stock-status">Status</label>
          <Select
            id="stock-status"
            mode="multiple"
            allowClear
            size="small"
            aria-label="Status"
            placeholder="Any"
            maxTagCount="responsive"
            value={stringsOf(draft[STATUS_KEY])}
            onChange={(next: string[]) => set(STATUS_KEY, next)}
            options={STONE_STATUSES.map((status) => ({ value: status.value, label: status.label }))}
            style={{ width: '100%' }}
          />
        </div>
        {can(newsEventResource.module, 'view') && (
          <div>
            <label htmlFor="stock-show">Show</label>
            <ReferenceSelect
              id="stock-show"
              size="small"
              aria-label="Show"
              placeholder="Any"
              resourceName={newsEventResource.name}
              value={typeof draft[SHOW_KEY] === 'string' ? draft[SHOW_KEY] : null}
              onChange={(next) => set(SHOW_KEY, next ?? undefined)}
              style={{ width: '100%' }}
            />
          </div>
        )}
        <div>
          <label htmlFor="stock-show-serial">Show serial #</label>
          <InputNumber
            id="stock-show-serial"
            size="small"
            min={0}
            precision={0}
            value={typeof draft[SHOW_SERIAL_KEY] === 'number' ? draft[SHOW_SERIAL_KEY] : null}
            onChange={(next) => set(SHOW_SERIAL_KEY, typeof next === 'number' ? next : undefined)}
            style={{ width: '100%' }}
          />
        </div>
      </div>
      <div className="stock-ranges">
        {MORE_RANGES.map((range) => (
          <FormRow key={range.key} label={range.label}>
            <RangeInput
              label={range.label}
              step={range.step}
              value={rangeOf(draft[range.key])}
              onChange={(next) => set(range.key, next)}
            />
          </FormRow>
        ))}
      </div>
    </Flex>
  );

  return (
    <form className="stock-form" aria-label="Stone search" onSubmit={submit}>
      {BUTTON_GRADES.slice(0, 3).map((grade) => (
        <FormRow key={grade.key} label={grade.label}>
          <GradeButtons
            label={grade.label}
            loading={masters.isPending}
            values={valuesOf(grade.code)}
            selected={stringsOf(draft[grade.key])}
            onChange={(next) => set(grade.key, next)}
          />
        </FormRow>
      ))}
      <div className="stock-form-inline">
        {BUTTON_GRADES.slice(3).map((grade) => (
          <FormRow key={grade.key} label={grade.label}>
            <GradeButtons
              label={grade.label}
              loading={masters.isPending}
              values={valuesOf(grade.code)}
              selected={stringsOf(draft[grade.key])}
              onChange={(next) => set(grade.key, next)}
            />
          </FormRow>
        ))}
      </div>
      <div className="stock-ranges">
        {MAIN_RANGES.map((range) => (
          <FormRow key={range.key} label={range.label}>
            <RangeInput
              label={range.label}
              step={range.step}
              value={rangeOf(draft[range.key])}
              onChange={(next) => set(range.key, next)}
            />
          </FormRow>
        ))}
      </div>
      <div className="stock-form-inline">
        {SELECT_GRADES.map((grade) => (
          <FormRow key={grade.key} label={grade.label}>
            <GradeSelect
              label={grade.label}
              values={valuesOf(grade.code)}
              loading={masters.isPending}
              selected={stringsOf(draft[grade.key])}
              onChange={(next) => set(grade.key, next)}
            />
          </FormRow>
        ))}
        <FormRow label="Arrivals">
          <Flex gap={8}>
            <Button
              size="small"
              type={newArrivals ? 'primary' : 'default'}
              aria-pressed={newArrivals !== undefined}
              onClick={() => set(NEW_ARRIVALS_KEY, newArrivals ? undefined : NEW_ARRIVALS_DAYS)}
            >
              New Arrivals
            </Button>
            {newArrivals !== undefined && (
              <Select
                size="small"
                aria-label="New arrivals within"
                value={newArrivals}
                onChange={(days: number) => set(NEW_ARRIVALS_KEY, days)}
                options={
                  NEW_ARRIVAL_DAYS_OPTIONS.some((option) => option.value === newArrivals)
                    ? NEW_ARRIVAL_DAYS_OPTIONS
                    : [...NEW_ARRIVAL_DAYS_OPTIONS, { value: newArrivals, label: `Last ${newArrivals} days` }]
                }
                style={{ width: 130 }}
              />
            )}
          </Flex>
        </FormRow>
      </div>
      <FormRow label="Stock / report #">
        <TextAreaInput
          aria-label="Stock or report numbers"
          placeholder="Paste stock or report numbers, separated by commas, spaces or lines"
          autoSize={{ minRows: 1, maxRows: 4 }}
          value={typeof draft[STONE_ID_KEY] === 'string' ? draft[STONE_ID_KEY] : ''}
          onChange={(event) => set(STONE_ID_KEY, event.target.value || undefined)}
          style={{ maxWidth: 640 }}
        />
        {pasted.length > 0 && (
          <div style={{ color: '#8c8c8c', fontSize: 12 }}>
            {pasted.length} number{pasted.length === 1 ? '' : 's'}
          </div>
        )}
      </FormRow>
      {/* The browser's own disclosure: antd's Collapse would weigh on the stock desk's first load. */}
      <details className="stone-search-more" open={moreOpenAtStart}>
        <summary>More filters</summary>
        {moreSection}
      </details>
      <Flex gap={8}>
        <Button type="primary" htmlType="submit">
          Search
        </Button>
        <Button
          onClick={() => {
            sent.current = filterKey({});
            setDraft({});
            onReset();
          }}
        >
          Reset
        </Button>
      </Flex>
    </form>
  );
}
