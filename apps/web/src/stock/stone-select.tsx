import { type StoneSummary, stoneSummaryLabel } from '@facet/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo } from 'react';
import type { ChoiceSelectProps } from '../platform/modules/web-module.ts';
import { useDebouncedText } from '../platform/resources/choice-select.ts';
import { lookUpStones, stoneLookupKey } from './stone-lookup.ts';

const CHOICES = 20;

/**
 * A choice of one live stone, found by typing its stock or report number; each option reads like a
 * stock line (`FD100001 · Round 1.01 ct D VS1`). The chosen stone shows by its line even when the
 * typed text no longer finds it. `onStone` also hands over the chosen stone's summary.
 */
export function StoneSelect({
  value,
  currentTitle,
  onStone,
  ...props
}: ChoiceSelectProps & { onStone?: (stone: StoneSummary | null) => void }) {
  const [search, setText] = useDebouncedText();
  const choices = useQuery({
    queryKey: [...stoneLookupKey, search],
    queryFn: () => lookUpStones({ limit: CHOICES, ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const listed = choices.data ?? [];
  const chosenListed = listed.find((stone) => stone.id === value);
  const chosen = useQuery({
    queryKey: [...stoneLookupKey, 'id', value],
    queryFn: () => lookUpStones({ ids: [value as string], limit: 1 }).then((found) => found[0] ?? null),
    enabled: Boolean(value) && !chosenListed,
    staleTime: 60_000,
  });
  const options = useMemo(() => {
    const all = listed.map((stone) => ({ value: stone.id, label: stoneSummaryLabel(stone), stone }));
    if (value && !chosenListed) {
      const stone = chosen.data ?? null;
      all.unshift({
        value,
        label: stone ? stoneSummaryLabel(stone) : (currentTitle ?? '…'),
        stone: stone as StoneSummary,
      });
    }
    return all;
  }, [listed, value, chosenListed, chosen.data, currentTitle]);

  return (
    <Select<string | null, { value: string; label: string; stone: StoneSummary }>
      allowClear
      placeholder="Stock or report #"
      {...props}
      value={value ?? null}
      showSearch={{ filterOption: false, onSearch: setText }}
      loading={choices.isFetching}
      options={options}
      onChange={(next, option) => {
        props.onChange?.(next, option);
        onStone?.(next && option && !Array.isArray(option) ? (option.stone ?? null) : null);
      }}
      notFoundContent={
        choices.isFetching ? 'Loading…' : choices.isError ? 'Stones could not be loaded.' : 'No stone found'
      }
    />
  );
}
