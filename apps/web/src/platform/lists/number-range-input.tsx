import { InputNumber, Space } from 'antd';
import { useEffect, useState } from 'react';
import type { RangeValue } from './list-params.ts';

/**
 * Two number boxes for a list filter's range, applied when a box is left or Enter is pressed (not on
 * every key, which would ask the server for each digit). An empty range is no filter.
 */
export function NumberRangeInput({
  label,
  startPlaceholder,
  value,
  onChange,
  min,
  step,
  width = 110,
}: {
  /** Names each box: "{label} from", "{label} to". */
  label: string;
  startPlaceholder: string;
  value: RangeValue;
  onChange: (next: RangeValue | undefined) => void;
  min?: number;
  step?: number;
  width?: number;
}) {
  const [draft, setDraft] = useState<RangeValue>(value);
  useEffect(() => setDraft(value), [value]);
  const apply = () => {
    const next: RangeValue = {};
    if (typeof draft.from === 'number') next.from = draft.from;
    if (typeof draft.to === 'number') next.to = draft.to;
    onChange(next.from === undefined && next.to === undefined ? undefined : next);
  };
  const input = (end: 'from' | 'to', placeholder: string) => (
    <InputNumber<number>
      aria-label={`${label} ${end}`}
      placeholder={placeholder}
      min={min}
      step={step}
      style={{ width }}
      value={typeof draft[end] === 'number' ? (draft[end] as number) : null}
      onChange={(next) => setDraft((current) => ({ ...current, [end]: next ?? undefined }))}
      onPressEnter={apply}
      onBlur={apply}
    />
  );
  return (
    <Space.Compact>
      {input('from', startPlaceholder)}
      {input('to', 'to')}
    </Space.Compact>
  );
}
