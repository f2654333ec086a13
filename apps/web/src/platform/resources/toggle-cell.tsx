import { type ResourceRecord, type ResourceSpec, toggleOutcomeMessage } from '@facet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Switch } from 'antd';
import { toast } from '../app/toast.ts';
import { useWebModules } from '../modules/web-modules-context.tsx';
import { resourceApi, resourceKey } from './resource-api.ts';
import { recordTitleOf } from './resource-model.ts';

/**
 * A `toggle` boolean flipped in place through boolean-status-update (or the call a feature's web module
 * gives for the resource); it shows the new state at once, and its toast says what changed and offers
 * to put it back, as a click on a list is easily a slip.
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
  const call = ownCall ?? resourceApi(resource).toggle;
  const label = resource.fields[field]?.label ?? field;
  const title = recordTitleOf(resource, record);
  const refresh = () => queryClient.invalidateQueries({ queryKey: resourceKey(resource.name) });
  const toggle = useMutation({
    mutationFn: (status: boolean) => call(record.id, field, status),
    onSuccess: (_envelope, status) =>
      toast.undoable(toggleOutcomeMessage(resource, record, field, status), () => {
        void call(record.id, field, !status)
          .then(() => toast.success(toggleOutcomeMessage(resource, record, field, !status)))
          .catch(() => undefined)
          .finally(() => void refresh());
      }),
    onSettled: refresh,
  });
  return (
    <Switch
      size="small"
      aria-label={`${label} of ${title || record.id}`}
      // The mutation stays pending until the refetch (onSettled) lands, showing what was asked for.
      checked={toggle.isPending ? Boolean(toggle.variables) : Boolean(record[field])}
      loading={toggle.isPending}
      onChange={(checked) => toggle.mutate(checked)}
    />
  );
}
