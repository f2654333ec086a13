import { isSafeMediaUrl, JOURNEY_STAGES, type ResourceRecord } from '@facet/contract';
import { Button, Empty, Flex, Image, Popconfirm, Timeline, Typography } from 'antd';
import { toast } from '../platform/app/toast.ts';
import { formatDate } from '../platform/lists/format.ts';
import { mediaKindOf } from './media-input.tsx';

/** A colour per part of the way: the ground, the cutting works, the lab, the showroom. */
const STAGE_COLORS: Record<string, string> = {
  mined: 'gray',
  rough_sorted: 'gray',
  exported: 'gray',
  planned: 'blue',
  cut: 'blue',
  polished: 'blue',
  graded: 'green',
  certified: 'green',
  inscribed: 'green',
  in_stock: 'red',
};

const stageLabel = (stage: unknown) =>
  JOURNEY_STAGES.find((option) => option.value === stage)?.label ?? String(stage ?? '');

function Media({ url, title }: { url: string; title: string }) {
  // Only an upload's path or an http(s) address is ever rendered as a link or a source.
  if (!isSafeMediaUrl(url)) return null;
  switch (mediaKindOf(url)) {
    case 'video':
      return (
        // biome-ignore lint/a11y/useMediaCaption: the trade's stone videos carry no speech to caption.
        <video src={url} controls preload="metadata" style={{ maxWidth: 320, borderRadius: 4 }} />
      );
    case 'pdf':
      return (
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer">
          Open document
        </Typography.Link>
      );
    default:
      return <Image src={url} alt={title} width={120} style={{ borderRadius: 4 }} />;
  }
}

export interface JourneyActions {
  onEdit?: (event: ResourceRecord) => void;
  onDelete?: (event: ResourceRecord) => Promise<unknown>;
  onHistory?: (event: ResourceRecord) => void;
}

/** A stone's events from the mine to the showcase, oldest first, each with what can be done to it. */
export function JourneyTimeline({ events, actions }: { events: ResourceRecord[]; actions: JourneyActions }) {
  if (events.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No events recorded yet" />;
  }
  return (
    <Timeline
      mode="start"
      // Dates take a narrow column on the left; the events read in the rest.
      titleSpan="120px"
      items={events.map((event) => {
        const title = stageLabel(event.stage);
        return {
          key: event.id,
          color: STAGE_COLORS[String(event.stage)] ?? 'gray',
          title: formatDate(typeof event.eventDate === 'string' ? event.eventDate : null),
          content: (
            <Flex vertical gap={4} data-testid="journey-event">
              <Typography.Text strong>{title}</Typography.Text>
              {typeof event.place === 'string' && event.place && (
                <Typography.Text type="secondary">{event.place}</Typography.Text>
              )}
              {typeof event.description === 'string' && event.description && (
                <Typography.Paragraph style={{ marginBottom: 0, whiteSpace: 'pre-line' }}>
                  {event.description}
                </Typography.Paragraph>
              )}
              {typeof event.mediaUrl === 'string' && event.mediaUrl && (
                <Media url={event.mediaUrl} title={title} />
              )}
              <Flex gap={0}>
                {actions.onEdit && (
                  <Button
                    type="link"
                    size="small"
                    style={{ paddingInline: 4 }}
                    aria-label={`Edit ${title}`}
                    onClick={() => actions.onEdit?.(event)}
                  >
                    Edit
                  </Button>
                )}
                {actions.onDelete && (
                  <Popconfirm
                    title="Delete this event?"
                    okText="Delete"
                    okButtonProps={{ danger: true }}
                    onConfirm={() =>
                      actions.onDelete?.(event).catch((error: Error) => toast.error(error.message))
                    }
                  >
                    <Button
                      type="link"
                      size="small"
                      danger
                      style={{ paddingInline: 4 }}
                      aria-label={`Delete ${title}`}
                    >
                      Delete
                    </Button>
                  </Popconfirm>
                )}
                {actions.onHistory && (
                  <Button
                    type="link"
                    size="small"
                    style={{ paddingInline: 4 }}
                    aria-label={`History of ${title}`}
                    onClick={() => actions.onHistory?.(event)}
                  >
                    History
                  </Button>
                )}
              </Flex>
            </Flex>
          ),
        };
      })}
    />
  );
}
