import { type ResourceSpec, USER_REFERENCE } from '@facet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo } from 'react';
import { EMPTY } from '../lists/format.ts';
import type { ChoiceSelectProps } from '../modules/web-module.ts';
import { useDebouncedText } from './choice-select.ts';
import { REFERENCE_CATALOGUE_BY_NAME } from './reference-catalogue.ts';
import { resourceApi, resourceKey } from './resource-api.ts';
import { userChoicesApi } from './user-choices.ts';

const CHOICES = 20;

function titleOf(resource: ResourceSpec, record: Record<string, unknown>): string {
  const title = record[resource.titleField];
  return typeof title === 'string' && title !== '' ? title : String(record.id);
}

/**
 * The title of one record of a resource (or of a user, by name), for a title the list did not carry;
 * cached across rows and screens.
 */
export function useReferenceTitle(resourceName: string, id: string | null | undefined, known?: string) {
  const resource = REFERENCE_CATALOGUE_BY_NAME.get(resourceName);
  const isUser = resourceName === USER_REFERENCE;
  const query = useQuery({
    queryKey: [...resourceKey(resourceName), 'title', id],
    queryFn: () =>
      isUser
        ? userChoicesApi.name(id as string)
        : resource
          ? resourceApi(resource)
              .get(id as string)
              .then((record) => titleOf(resource, record))
          : Promise.reject(new Error(`unknown resource ${resourceName}`)),
    enabled: Boolean((resource || isUser) && id && !known),
    staleTime: 60_000,
    retry: false,
  });
  return known ?? query.data;
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
  if (!value) return EMPTY;
  return resolved ?? <span title={value}>…</span>;
}

/** A searchable choice of records of another resource, fed by its paginate endpoint. */
export function ReferenceSelect({
  resourceName,
  currentTitle,
  value,
  ...props
}: ChoiceSelectProps & { resourceName: string }) {
  const resource = REFERENCE_CATALOGUE_BY_NAME.get(resourceName);
  const [search, setText] = useDebouncedText();
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
