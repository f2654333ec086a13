import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { DATE_INPUT_FORMATS } from '../platform/lists/format.ts';

export interface Period {
  from: string;
  to: string;
}

/** A report's period: two whole days, both counted (DatePicker and dayjs load with the report screen). */
export default function PeriodPicker({
  value,
  onChange,
}: {
  value: Period;
  onChange: (period: Period) => void;
}) {
  return (
    <DatePicker.RangePicker
      aria-label="Period"
      allowClear={false}
      format={DATE_INPUT_FORMATS}
      placeholder={['Period from', 'to']}
      value={[dayjs(value.from), dayjs(value.to)]}
      onChange={(dates) => {
        const from = dates?.[0]?.format('YYYY-MM-DD');
        const to = dates?.[1]?.format('YYYY-MM-DD');
        if (from && to) onChange({ from, to });
      }}
    />
  );
}
