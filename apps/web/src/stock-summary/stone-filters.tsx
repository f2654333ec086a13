import { Flex, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { FilterValue, RangeValue } from '../platform/lists/list-params.ts';
import { NumberRangeInput } from '../platform/lists/number-range-input.tsx';
import type { PaginatedList } from '../platform/lists/use-paginated-list.ts';
import { useMasterValues } from '../platform/resources/master-value-select.tsx';

/**
 * The stone's grades every activity list filters by. Named here, and drawn with the panel's shared
 * controls rather than the stock screen's, so that these lists add nothing to the stock screen's
 * first download (bench/bundle-size.ts).
 */
const GRADES = [
  { key: 'shapeId', label: 'Shape', code: 'SHAPE' },
  { key: 'colorId', label: 'Color', code: 'COLOR' },
  { key: 'clarityId', label: 'Clarity', code: 'CLARITY' },
] as const;

/** How the list keeps the stone filters in the URL. */
export const STONE_FILTERS = {
  shapeId: 'strings',
  colorId: 'strings',
  clarityId: 'strings',
  carat: 'numberRange',
} as const;

const stringsOf = (value: FilterValue | undefined): string[] =>
  Array.isArray(value) ? value.map(String) : [];
const rangeOf = (value: FilterValue | undefined): RangeValue =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};

/** A filter with its name before it: the stock controls' placeholder reads only "Any". */
function Labelled({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex align="center" gap={6}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      {children}
    </Flex>
  );
}

/** Any of the chosen values of one grade. */
function GradeFilter({
  label,
  code,
  selected,
  onChange,
}: {
  label: string;
  code: string;
  selected: string[];
  onChange: (next: string[] | undefined) => void;
}) {
  const values = useMasterValues(code);
  return (
    <Select
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      aria-label={`Filter by ${label.toLowerCase()}`}
      placeholder="Any"
      style={{ width: 200 }}
      loading={values.isFetching}
      optionFilterProp="label"
      options={(values.data ?? []).map((row) => ({ value: row.id, label: row.name }))}
      value={selected}
      onChange={(next: string[]) => onChange(next.length > 0 ? next : undefined)}
    />
  );
}

/** Shape, colour and clarity (any of the chosen values) and a carat range, for a list's toolbar. */
export function StoneFilters<T>({ list }: { list: PaginatedList<T> }) {
  const { filter } = list.params;
  return (
    <>
      {GRADES.map((grade) => (
        <Labelled key={grade.key} label={grade.label}>
          <GradeFilter
            label={grade.label}
            code={grade.code}
            selected={stringsOf(filter[grade.key])}
            onChange={(next) => list.setFilter(grade.key, next)}
          />
        </Labelled>
      ))}
      <Labelled label="Carat">
        <NumberRangeInput
          label="Carat"
          startPlaceholder="from"
          min={0}
          step={0.01}
          width={90}
          value={rangeOf(filter.carat)}
          onChange={(next) => list.setFilter('carat', next)}
        />
      </Labelled>
    </>
  );
}
