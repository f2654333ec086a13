import type { ResourceRecord, ResourceSpec } from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'antd';
import { toast } from '../app/toast.ts';
import { resourceApi, resourceKey } from './resource-api.ts';
import { recordTitleOf } from './resource-model.ts';
import { TOGGLE_CALLS } from './toggle-calls.ts';

/**
 * A `toggle` boolean flipped in place through boolean-status-update (or the resource's own call, see
 * TOGGLE_CALLS); it shows the new state at once.
 */
export function ToggleCell({
  resource,
  record,
  field,
}: {
  resource: ResourceSpec;
  record: ResourceRecord;
  field: string;
}) {
  const queryClient = useQueryClient();
  const toggle = useMutation({
    mutationFn: (status: boolean) =>
      (TOGGLE_CALLS[resource.name] ?? resourceApi(resource).toggle)(record.id, field, status),
    onSuccess: (envelope) => toast.success(envelope.message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: resourceKey(resource.name) }),
  });
  const label = resource.fields[field]?.label ?? field;
  return (
    <Switch
      size="small"
      aria-label={`${label} of ${recordTitleOf(resource, record) || record.id}`}
      // The mutation stays pending until the refetch (onSettled) lands, showing what was asked for.
      checked={toggle.isPending ? Boolean(toggle.variables) : Boolean(record[field])}
      loading={toggle.isPending}
      onChange={(checked) => toggle.mutate(checked)}
    />
  );
}
