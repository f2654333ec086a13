import { timeZoneOptions } from '@facet/contract';
import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';

/**
 * A field holding an IANA time zone (`display: 'timeZone'`): the zones this browser knows, west to east
 * with today's offset and the cities they are found by ("Antwerp" finds Europe/Brussels).
 */
export function TimeZoneSelect(props: Omit<SelectProps<string>, 'options' | 'showSearch'>) {
  const options = useMemo(() => timeZoneOptions(), []);
  return <Select {...props} showSearch={{ optionFilterProp: 'label' }} options={options} />;
}
