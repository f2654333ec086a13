import { Select } from 'antd';
import type { ChoiceSelectProps } from '../platform/modules/web-module.ts';
import { useCabinOptions, useCabins } from './places.ts';

/**
 * The choice of a cabin wherever a form or filter points at one: cabins of the same name in two places
 * read apart (`North lounge — Antwerp showroom`), grouped by location and found by either name.
 */
export function CabinSelect({ value, currentTitle, ...props }: ChoiceSelectProps) {
  const { cabins, loading } = useCabins();
  const options = useCabinOptions(cabins);
  const known = cabins.some((cabin) => cabin.id === value);
  return (
    <Select<string | null>
      allowClear
      {...props}
      value={value ?? null}
      // Drawn whole, so assistive technology reads each choice by its label, never its id.
      virtual={false}
      showSearch={{ optionFilterProp: 'label' }}
      loading={loading}
      options={
        value && !known && !loading
          ? [{ value, label: currentTitle ?? 'A cabin no longer listed' }, ...options]
          : options
      }
    />
  );
}
