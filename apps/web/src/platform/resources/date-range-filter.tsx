import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { DATE_INPUT_FORMATS } from '../lists/format.ts';
import { isRangeValue } from '../lists/list-params.ts';
import { type FilterProps, nameOf, rangeStartOf } from './resource-filters.tsx';

export function DateRangeFilter({ spec, value, onChange }: FilterProps) {
  const range = value !== undefined && isRangeValue(value) ? value : {};
  return (
    <DatePicker.RangePicker
      aria-label={nameOf(spec)}
      allowEmpty={[true, true]}
      format={DATE_INPUT_FORMATS}
      placeholder={[rangeStartOf(spec), 'to']}
      value={[range.from ? dayjs(String(range.from)) : null, range.to ? dayjs(String(range.to)) : null]}
      onChange={(dates) => {
        const from = dates?.[0]?.format('YYYY-MM-DD');
        const to = dates?.[1]?.format('YYYY-MM-DD');
        onChange(from || to ? { ...(from ? { from } : {}), ...(to ? { to } : {}) } : undefined);
      }}
    />
  );
}
