import type { ResourceRecord, ResourceSpec } from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'antd';
import { toast } from '../app/toast.ts';
import { useWebModules } from '../modules/web-modules-context.tsx';
import { resourceApi, resourceKey } from './resource-api.ts';
import { recordTitleOf } from './resource-model.ts';

/**
 * A `toggle` boolean flipped in place through boolean-status-update (or the call a feature's web module
 * gives for the resource); it shows the new state at once.
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
  const ownCall = useWebModules().toggles.get(resource.name);
  const toggle = useMutation({
    mutationFn: (status: boolean) => (ownCall ?? resourceApi(resource).toggle)(record.id, field, status),
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
