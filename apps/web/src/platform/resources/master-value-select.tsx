import { masterResource } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo } from 'react';
import { call } from '../api/api-client.ts';
import { MASTER_REFS } from '../api/endpoint-refs.ts';
import type { ChoiceSelectProps } from '../modules/web-module.ts';
import { useReferenceTitle } from './reference-select.tsx';
import { resourceKey } from './resource-api.ts';

/** The active values of one main master, loaded once per code and shared by every control. */
export function useMasterValues(code: string) {
  return useQuery({
    queryKey: [...resourceKey(masterResource.name), 'by-code', code],
    queryFn: () =>
      call(MASTER_REFS.listByCode, { code }, { toastErrors: false }).then(({ data }) => data[code] ?? []),
    staleTime: 300_000,
  });
}

const matches = (input: string, option?: { label: string }) =>
  (option?.label ?? '').toLowerCase().includes(input.trim().toLowerCase());

/**
 * A choice among the values of one main master (a company's business type), searched in the browser:
 * a master has tens of values, not thousands. A value since retired still shows by its title.
 */
export function MasterValueSelect({
  code,
  currentTitle,
  value,
  ...props
}: ChoiceSelectProps & { code: string }) {
  const values = useMasterValues(code);
  const listed = values.data ?? [];
  const selectedListed = listed.some((row) => row.id === value);
  const selectedTitle = useReferenceTitle(masterResource.name, selectedListed ? null : value, currentTitle);
  const options = useMemo(() => {
    const all = listed.map((row) => ({ value: row.id, label: row.name }));
    if (value && !selectedListed) all.unshift({ value, label: selectedTitle ?? '…' });
    return all;
  }, [listed, value, selectedListed, selectedTitle]);

  return (
    <Select<string | null, { value: string; label: string }>
      allowClear
      {...props}
      value={value ?? null}
      showSearch={{ filterOption: matches }}
      loading={values.isFetching}
      options={options}
      notFoundContent={
        values.isFetching ? 'Loading…' : values.isError ? 'The values could not be loaded.' : 'No matches'
      }
    />
  );
}
