import { nonCertResource } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { panelPath } from '../platform/app/paths.ts';
import { resourceKey } from '../platform/resources/resource-api.ts';
import { ResourceFormPage } from '../platform/resources/resource-form-page.tsx';
import { nonCertApi } from './noncert-api.ts';

/**
 * `noncert/upsert/:id?`: a lot's full form. A new lot goes on to its criteria, as a trader describes
 * the goods right after opening the lot; an edited one back to the list.
 */
export function LotFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const lot = useQuery({
    queryKey: [...resourceKey(nonCertResource.name), 'record', id],
    queryFn: () => nonCertApi.lot(id as string),
    enabled: Boolean(id),
    retry: false,
  });
  const toList = () => void navigate(panelPath('noncert'));
  if (id && lot.isPending) return <Card loading />;
  if (id && !lot.data) {
    return (
      <Result status="404" title="Lot not found" extra={<Button onClick={toList}>Back to the list</Button>} />
    );
  }
  const record = lot.data ?? null;
  return (
    <ResourceFormPage
      key={id ?? 'new'}
      resource={nonCertResource}
      record={record}
      title={record ? `Lot ${String(record.number)}` : 'New non-certified lot'}
      extra={
        record && (
          <>
            <Button onClick={() => void navigate(panelPath(`noncert/criteria/${record.id}`))}>
              Criteria
            </Button>
            <Button onClick={() => void navigate(panelPath(`noncertdetails/${record.id}`))}>Details</Button>
          </>
        )
      }
      save={(payload, current) =>
        current ? nonCertApi.updateLot(current.id, payload) : nonCertApi.createLot(payload)
      }
      onSaved={(saved, created) =>
        void navigate(panelPath(created ? `noncert/criteria/${saved.id}` : 'noncert'))
      }
      onCancel={toList}
      createLabel="Save and enter criteria"
    />
  );
}
