import PlusOutlined from '@ant-design/icons/es/icons/PlusOutlined';
import { diamondJourneyEventResource, type ResourceRecord } from '@facet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Divider, Flex, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from '../platform/app/toast.ts';
import { PageHeader } from '../platform/lists/page-header.tsx';
import { resourceKey } from '../platform/resources/resource-api.ts';
import { usePermissions } from '../platform/session/use-holder.ts';
import { StoneSelect } from '../stock/stone-select.tsx';
import { journeyApi, journeyKey } from './journey-api.ts';
import { JourneyTimeline } from './journey-timeline.tsx';
import { StoneOriginCard } from './stone-origin-card.tsx';

// The form (contract schemas, DatePicker, uploads) and the history load when first opened.
const JourneyEventDrawer = lazy(() =>
  import('./journey-event-drawer.tsx').then((module) => ({ default: module.JourneyEventDrawer })),
);
const ResourceHistoryDrawer = lazy(() =>
  import('../platform/resources/resource-history-drawer.tsx').then((module) => ({
    default: module.ResourceHistoryDrawer,
  })),
);

const MODULE = diamondJourneyEventResource.module;

/**
 * Diamond Journey: find a stone by stock or report number, read where it comes from, and follow its
 * way from the mine to the showcase on a timeline, adding, correcting or removing events. The chosen
 * stone lives in the URL (`?stone={id}`), so a journey can be linked and survives a reload.
 */
export function DiamondJourneyPage() {
  const [params, setParams] = useSearchParams();
  const stoneId = params.get('stone');
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const [editing, setEditing] = useState<ResourceRecord | 'new' | null>(null);
  const [history, setHistory] = useState<ResourceRecord | null>(null);

  const journey = useQuery({
    queryKey: journeyKey(stoneId ?? ''),
    queryFn: () => journeyApi.origin({ stoneId: stoneId as string }),
    enabled: Boolean(stoneId),
    retry: false,
  });
  const remove = useMutation({
    mutationFn: (event: ResourceRecord) => journeyApi.events.remove(event.id),
    onSuccess: (envelope) => {
      toast.success(envelope.message);
      void queryClient.invalidateQueries({ queryKey: resourceKey(diamondJourneyEventResource.name) });
    },
  });

  const choose = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('stone', id);
    else next.delete('stone');
    setParams(next);
  };
  const stone = journey.data?.stone;

  return (
    <Card>
      <PageHeader
        title="Diamond journey"
        extra={
          stone &&
          can(MODULE, 'insert') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              Add event
            </Button>
          )
        }
      />
      <Flex gap={8} align="center" wrap style={{ marginBottom: 16 }}>
        <Typography.Text>Stone</Typography.Text>
        <StoneSelect
          aria-label="Find a stone"
          style={{ width: 380 }}
          value={stoneId}
          currentTitle={stone?.stockNumber}
          onChange={(value) => choose(value ?? null)}
        />
      </Flex>
      {!stoneId && (
        <Typography.Paragraph type="secondary">
          Type a stock or report number to see where the stone comes from and how it was cut, graded and
          brought into stock.
        </Typography.Paragraph>
      )}
      {stoneId && journey.isPending && <Skeleton active />}
      {journey.isError && (
        <Alert type="warning" showIcon title="This stone could not be found. It may have been removed." />
      )}
      {stone && journey.data && (
        <>
          <StoneOriginCard stone={stone} />
          <Divider titlePlacement="start">Journey</Divider>
          <JourneyTimeline
            events={journey.data.events}
            actions={{
              onEdit: can(MODULE, 'update') ? setEditing : undefined,
              onDelete: can(MODULE, 'delete') ? remove.mutateAsync : undefined,
              onHistory: setHistory,
            }}
          />
        </>
      )}
      <Suspense>
        {editing !== null && stone && (
          <JourneyEventDrawer
            stoneId={stone.id}
            stockNumber={stone.stockNumber}
            target={editing}
            onClose={() => setEditing(null)}
          />
        )}
        {history !== null && (
          <ResourceHistoryDrawer
            resource={diamondJourneyEventResource}
            record={history}
            onClose={() => setHistory(null)}
          />
        )}
      </Suspense>
    </Card>
  );
}
