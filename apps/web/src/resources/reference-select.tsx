import { RESOURCE_BY_NAME, type ResourceSpec } from '@facet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select, type SelectProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { resourceApi, resourceKey } from './resource-api.ts';

const CHOICES = 20;
const DEBOUNCE_MS = 250;

function titleOf(resource: ResourceSpec, record: Record<string, unknown>): string {
  const title = record[resource.titleField];
  return typeof title === 'string' && title !== '' ? title : String(record.id);
}

/** One record of a resource, for a title the list did not carry; cached across rows and screens. */
export function useReferenceTitle(resourceName: string, id: string | null | undefined, known?: string) {
  const resource = RESOURCE_BY_NAME.get(resourceName);
  const query = useQuery({
    queryKey: [...resourceKey(resourceName), 'record', id],
    queryFn: () => (resource ? resourceApi(resource).get(id as string) : Promise.reject()),
    enabled: Boolean(resource && id && !known),
    staleTime: 60_000,
    retry: false,
  });
  if (known) return known;
  return resource && query.data ? titleOf(resource, query.data) : undefined;
}

/** A reference cell: the title the server sent, else looked up, else the id. */
export function ReferenceTitle({
  resourceName,
  id,
  title,
}: {
  resourceName: string;
  id: unknown;
  title?: string;
}) {
  const value = typeof id === 'string' ? id : null;
  const resolved = useReferenceTitle(resourceName, value, title);
  if (!value) return '-';
  return resolved ?? <span title={value}>…</span>;
}

type ReferenceSelectProps = Omit<SelectProps<string | null>, 'options' | 'onSearch' | 'showSearch'> & {
  resourceName: string;
  /** The current value's title, when known (an edited record carries it). */
  currentTitle?: string;
};

/** A searchable choice of records of another resource, fed by its paginate endpoint. */
export function ReferenceSelect({ resourceName, currentTitle, value, ...props }: ReferenceSelectProps) {
  const resource = RESOURCE_BY_NAME.get(resourceName);
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const choices = useQuery({
    queryKey: [...resourceKey(resourceName), 'choices', search],
    queryFn: () => {
      const target = resource as ResourceSpec;
      return resourceApi(target).paginate({
        page: 1,
        limit: CHOICES,
        ...(search ? { search } : {}),
        sort: { [target.defaultSort.field]: target.defaultSort.direction },
      });
    },
    enabled: resource !== undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const listed = choices.data?.list ?? [];
  const selectedListed = listed.some((record) => record.id === value);
  const selectedTitle = useReferenceTitle(resourceName, selectedListed ? null : value, currentTitle);
  const options = useMemo(() => {
    const all = resource
      ? listed.map((record) => ({ value: record.id, label: titleOf(resource, record) }))
      : [];
    if (value && !selectedListed) all.unshift({ value, label: selectedTitle ?? '…' });
    return all;
  }, [listed, resource, value, selectedListed, selectedTitle]);

  return (
    <Select<string | null>
      allowClear
      {...props}
      value={value ?? null}
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={choices.isFetching}
      options={options}
      notFoundContent={choices.isFetching ? 'Loading…' : 'No matches'}
    />
  );
}
