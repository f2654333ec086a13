import type { FieldSpec, ResourceSpec } from '@facet/contract';
import { Select } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { TextInput } from '../forms/inputs.ts';
import { type FilterSpec, type FilterValue, isRangeValue } from '../lists/list-params.ts';
import { NumberRangeInput } from '../lists/number-range-input.tsx';
import type { PaginatedList } from '../lists/use-paginated-list.ts';
import { FieldReferenceSelect } from './field-reference-select.tsx';

// DatePicker and dayjs (about 35 KB gzip) load only for a list that filters by date.
const DateRangeFilter = lazy(() =>
  import('./date-range-filter.tsx').then((module) => ({ default: module.DateRangeFilter })),
);

export interface FilterProps {
  name: string;
  spec: FieldSpec;
  value: FilterValue | undefined;
  onChange: (value: FilterValue | undefined) => void;
}

/**
 * Accessible names say "Filter by …": the form drawer above the list names its inputs by the bare
 * field label, and a test or screen reader looking for that label should find the form's input.
 */
export const nameOf = (spec: FieldSpec) => `Filter by ${spec.label.toLowerCase()}`;

/** A range filter's first box: "Carat from", and "Shown from" rather than "Shown from from". */
export const rangeStartOf = (spec: FieldSpec) =>
  /\bfrom$/i.test(spec.label) ? spec.label : `${spec.label} from`;

const BOOLEAN_OPTIONS = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];

function BooleanFilter({ spec, value, onChange }: FilterProps) {
  return (
    <Select
      allowClear
      aria-label={nameOf(spec)}
      placeholder={spec.label}
      style={{ width: 130 }}
      options={BOOLEAN_OPTIONS.map((option) => ({ ...option, label: `${spec.label}: ${option.label}` }))}
      value={typeof value === 'boolean' ? String(value) : undefined}
      onChange={(next?: string) => onChange(next === undefined ? undefined : next === 'true')}
    />
  );
}

/** Typed text applies on Enter or when the box loses focus, not on every key. */
function TextFilter({ spec, value, onChange }: FilterProps) {
  const [text, setText] = useState(typeof value === 'string' ? value : '');
  useEffect(() => setText(typeof value === 'string' ? value : ''), [value]);
  const apply = () => onChange(text.trim() === '' ? undefined : text.trim());
  return (
    <TextInput
      allowClear
      aria-label={nameOf(spec)}
      placeholder={spec.label}
      style={{ width: 150 }}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        if (event.type === 'click') onChange(undefined); // the clear button
      }}
      onPressEnter={apply}
      onBlur={apply}
    />
  );
}

function NumberRangeFilter({ spec, value, onChange }: FilterProps) {
  return (
    <NumberRangeInput
      label={nameOf(spec)}
      startPlaceholder={rangeStartOf(spec)}
      value={value !== undefined && isRangeValue(value) ? value : {}}
      onChange={onChange}
    />
  );
}

export function FieldFilter(props: FilterProps) {
  const { spec, value, onChange } = props;
  if (spec.filter === 'range') {
    return spec.kind === 'date' || spec.kind === 'datetime' ? (
      <Suspense>
        <DateRangeFilter {...props} />
      </Suspense>
    ) : (
      <NumberRangeFilter {...props} />
    );
  }
  if (spec.kind === 'boolean') return <BooleanFilter {...props} />;
  if (spec.kind === 'reference' && spec.references) {
    return (
      <FieldReferenceSelect
        spec={spec}
        aria-label={nameOf(spec)}
        placeholder={spec.label}
        style={{ width: 200 }}
        value={typeof value === 'string' ? value : null}
        onChange={(next) => onChange(next ?? undefined)}
      />
    );
  }
  if (spec.kind === 'enum') {
    return (
      <Select
        allowClear
        aria-label={nameOf(spec)}
        placeholder={spec.label}
        style={{ minWidth: 150 }}
        options={spec.options?.map((option) => ({ value: option.value, label: option.label }))}
        value={typeof value === 'string' || typeof value === 'number' ? value : undefined}
        onChange={(next?: string | number) => onChange(next)}
      />
    );
  }
  return <TextFilter {...props} />;
}

/** One control per filterable field of the declaration that the view does not pin. */
export function ResourceFilters<T>({
  resource,
  filters,
  list,
}: {
  resource: ResourceSpec;
  filters: FilterSpec;
  list: PaginatedList<T>;
}) {
  return Object.keys(filters).map((key) => {
    const spec = resource.fields[key] as FieldSpec;
    return (
      <FieldFilter
        key={key}
        name={key}
        spec={spec}
        value={list.params.filter[key]}
        onChange={(value) => list.setFilter(key, value)}
      />
    );
  });
}
