import {
  formTitleOf,
  itemNameOf,
  type ResourceSpec,
  type ResourceView,
  recordTitleText,
  viewModuleOf,
} from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../api/api-error.ts';
import { panelPath } from '../app/paths.ts';
import { listViewOf, recordFitsView } from './form-views.ts';
import { resourceApi, resourceKey } from './resource-api.ts';
import { ResourceFormPage } from './resource-form-page.tsx';
import { pinnedValuesOf } from './resource-model.ts';

/**
 * A resource's `upsert/:id?` view: with an id, the form of that record; without, an empty one. A link
 * to a record that is gone, malformed or of another view ends on a way back to the list.
 */
export function ResourceUpsertPage({ resource, view }: { resource: ResourceSpec; view: ResourceView }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const api = useMemo(() => resourceApi(resource), [resource]);
  const pinned = useMemo(() => pinnedValuesOf(view, {}), [view]);
  const listRoute = listViewOf(resource, view)?.route;
  const toList = () => void navigate(panelPath(listRoute ?? 'dashboard'));
  const found = useQuery({
    queryKey: [...resourceKey(resource.name), 'record', id],
    queryFn: () => api.get(id as string),
    enabled: id !== undefined,
  });

  if (id && found.isPending) return <Card loading />;
  const record = found.data && recordFitsView(view, found.data) ? found.data : null;
  if (id && !record) {
    return (
      <MissingRecord
        title={view.title}
        error={found.error}
        onBack={toList}
        onRetry={() => void found.refetch()}
      />
    );
  }
  return (
    <ResourceFormPage
      key={id ?? 'new'}
      resource={resource}
      record={record}
      pinned={pinned}
      module={viewModuleOf(resource, view)}
      title={formTitleOf(itemNameOf(resource, view), record && recordTitleText(resource, record))}
      save={(payload, current) => (current ? api.update(current.id, payload) : api.create(payload))}
      onSaved={toList}
      onCancel={toList}
    />
  );
}

/** Why a linked record did not open: not there (or not a record of this view), not the user's, or the call failed. */
function MissingRecord({
  title,
  error,
  onBack,
  onRetry,
}: {
  title: string;
  error: Error | null;
  onBack: () => void;
  onRetry: () => void;
}) {
  const code = error instanceof ApiError ? error.code : null;
  const back = (
    <Button key="back" type="primary" onClick={onBack}>
      Back to the list
    </Button>
  );
  const noun = title.toLowerCase();
  let result = (
    <Result
      status="404"
      title={`${title} not found`}
      subTitle="The link may be mistyped, or the record may have been deleted."
      extra={back}
    />
  );
  if (code === 'E_FORBIDDEN') {
    result = <Result status="403" title={`You may not view this ${noun}`} extra={back} />;
  } else if (error && code !== 'E_NOT_FOUND' && code !== 'E_BAD_REQUEST') {
    result = (
      <Result
        status="error"
        title={`The ${noun} could not be loaded`}
        extra={[
          back,
          <Button key="retry" onClick={onRetry}>
            Try again
          </Button>,
        ]}
      />
    );
  }
  return <Card>{result}</Card>;
}
