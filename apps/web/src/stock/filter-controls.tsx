import { Button, InputNumber, Select, Space } from 'antd';
import { type ReactNode, useMemo, useRef } from 'react';
import type { RangeValue } from '../platform/lists/list-params.ts';
import type { MasterValue } from './stock-api.ts';
import { clickGrade } from './stone-filter.ts';

/** A labelled row of the search form. */
export function FormRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="stock-form-row">
      <span className="stock-form-label">{label}</span>
      <div>{children}</div>
    </div>
  );
}

/**
 * A master's values as toggle buttons, in sequence. Shift-click adds the run from the last click
 * (D, then Shift+H, is D to H).
 */
export function GradeButtons({
  label,
  values,
  selected,
  onChange,
  loading,
}: {
  label: string;
  values: readonly MasterValue[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  loading?: boolean;
}) {
  const anchor = useRef<string | null>(null);
  const order = useMemo(() => values.map((value) => value.id), [values]);
  const chosen = new Set(selected);
  return (
    <fieldset className="stock-grade-buttons" aria-label={label} title="Shift-click selects a run">
      {values.map((value) => {
        const on = chosen.has(value.id);
        return (
          <Button
            key={value.id}
            size="small"
            type={on ? 'primary' : 'default'}
            aria-pressed={on}
            // Shift-click would otherwise select the button labels as text.
            onMouseDown={(event) => event.shiftKey && event.preventDefault()}
            onClick={(event) => {
              onChange(clickGrade(order, selected, value.id, anchor.current, event.shiftKey));
              anchor.current = value.id;
            }}
          >
            {value.name}
          </Button>
        );
      })}
      {values.length === 0 && <span style={{ color: '#8c8c8c' }}>{loading ? 'Loading…' : 'No values'}</span>}
    </fieldset>
  );
}

/** A master's values as a multi-select, for long lists. */
export function GradeSelect({
  id,
  label,
  values,
  selected,
  onChange,
  loading,
}: {
  id?: string;
  label: string;
  values: readonly MasterValue[];
  selected: readonly string[];
  onChange: (next: string[]) => void;
  loading?: boolean;
}) {
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      aria-label={label}
      placeholder="Any"
      size="small"
      loading={loading}
      maxTagCount="responsive"
      optionFilterProp="label"
      value={[...selected]}
      onChange={onChange}
      options={values.map((value) => ({ value: value.id, label: value.name }))}
      style={{ width: '100%', minWidth: 200 }}
    />
  );
}

const numberOr = (value: number | string | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/** From and to boxes of one range; an empty side is open. */
export function RangeInput({
  label,
  step,
  value,
  onChange,
}: {
  label: string;
  step: number;
  value: RangeValue | undefined;
  onChange: (next: RangeValue | undefined) => void;
}) {
  const set = (end: 'from' | 'to', number: number | null) => {
    const next: RangeValue = { ...value, [end]: numberOr(number) };
    if (next[end] === undefined) delete next[end];
    onChange(next.from === undefined && next.to === undefined ? undefined : next);
  };
  return (
    <Space.Compact size="small">
      <InputNumber
        aria-label={`${label} from`}
        placeholder="From"
        step={step}
        value={numberOr(value?.from) ?? null}
        onChange={(number) => set('from', number)}
        style={{ width: 96 }}
      />
      <InputNumber
        aria-label={`${label} to`}
        placeholder="To"
        step={step}
        value={numberOr(value?.to) ?? null}
        onChange={(number) => set('to', number)}
        style={{ width: 96 }}
      />
    </Space.Compact>
  );
}
