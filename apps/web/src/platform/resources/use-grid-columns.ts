import type { GridColumnsData } from '@facet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { applyGridChoice, toGridColumns } from './grid-choices.ts';
import { gridApi } from './resource-api.ts';
import type { ColumnChoice } from './resource-model.ts';

/**
 * The columns a user shows for a list, remembered on the server per user under `grid`. A change shows
 * at once and is rolled back if the server refuses it. Until the choice loads (or if the call fails),
 * the declaration's defaults show.
 */
export function useGridColumns(grid: string, defaults: readonly ColumnChoice[]) {
  const queryClient = useQueryClient();
  const key = ['grid', grid];
  const saved = useQuery({
    queryKey: key,
    queryFn: () => gridApi.getColumns(grid),
    staleTime: Infinity,
    retry: false,
  });
  const choices = useMemo(
    () => applyGridChoice(defaults, saved.data?.columns ?? null),
    [defaults, saved.data],
  );

  const save = useMutation({
    mutationFn: (next: ColumnChoice[]) => gridApi.upsert(grid, toGridColumns(next)),
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<GridColumnsData>(key);
      queryClient.setQueryData<GridColumnsData>(key, { grid, columns: toGridColumns(next) });
      return { previous };
    },
    onError: (_error, _next, context) => queryClient.setQueryData(key, context?.previous),
  });

  return {
    choices,
    visible: choices.filter((choice) => choice.visible),
    /** The user's choice has loaded (or failed to, leaving the defaults): what shows will not change by itself. */
    settled: !saved.isPending,
    setChoices: (next: ColumnChoice[]) => save.mutate(next),
    /** Back to the declaration's columns. */
    reset: () => save.mutate([...defaults]),
  };
}
