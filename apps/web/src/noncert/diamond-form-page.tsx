import { nonCertDiamondResource } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import { useMemo } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { panelPath } from '../platform/app/paths.ts';
import { resourceKey } from '../platform/resources/resource-api.ts';
import { ResourceFormPage } from '../platform/resources/resource-form-page.tsx';
import { nonCertApi } from './noncert-api.ts';

/**
 * `noncertdetails/upsert/:id?`: one stone of a lot. `:id` edits a stone (read and saved through
 * `admin/details/diamond/{id}`); without it, `?lot=` names the lot a new stone joins.
 */
export function DiamondFormPage() {
  const { id } = useParams();
  const [search] = useSearchParams();
  const lotId = search.get('lot');
  const navigate = useNavigate();
  const diamond = useQuery({
    queryKey: [...resourceKey(nonCertDiamondResource.name), 'record', id],
    queryFn: () => nonCertApi.diamond(id as string),
    enabled: Boolean(id),
    retry: false,
  });
  const pinned = useMemo(() => (!id && lotId ? { nonCertId: lotId } : {}), [id, lotId]);
  const record = diamond.data ?? null;
  const listOf = (lot: unknown) =>
    void navigate(panelPath(typeof lot === 'string' && lot ? `noncertdetails/${lot}` : 'noncertdetails'));

  if (id && diamond.isPending) return <Card loading />;
  if (id && !record) {
    return (
      <Result
        status="404"
        title="Stone not found"
        extra={<Button onClick={() => listOf(lotId)}>Back to the list</Button>}
      />
    );
  }
  return (
    <ResourceFormPage
      key={id ?? `new-${lotId ?? ''}`}
      resource={nonCertDiamondResource}
      record={record}
      pinned={pinned}
      title={record ? `Stone ${String(record.stockNumber)}` : 'New non-certified diamond'}
      save={(payload, current) =>
        current ? nonCertApi.updateDiamond(current.id, payload) : nonCertApi.createDiamond(payload)
      }
      onSaved={(saved) => listOf(saved.nonCertId)}
      onCancel={() => listOf(record?.nonCertId ?? lotId)}
    />
  );
}
