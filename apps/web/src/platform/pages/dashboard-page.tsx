import { USER_TYPE_LABELS } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { apiRequest } from '../api/api-client.ts';
import { panelPath } from '../app/paths.ts';
import { EMPTY, formatNumber } from '../lists/format.ts';
import { holderOf } from '../session/session-store.ts';
import { useSession } from '../session/use-session.ts';
import './dashboard-page.css';
import { visibleTiles, type WorkQueueTile } from './work-queue.ts';

function TileCount({ tile }: { tile: WorkQueueTile }) {
  const count = useQuery({
    queryKey: ['dashboard', tile.key, tile.filter],
    // One row is enough: the page's count is what the tile shows.
    queryFn: () =>
      apiRequest<{ count: number }>(tile.paginatePath, {
        body: { page: 1, limit: 1, filter: tile.filter },
        toastErrors: false,
      }).then((envelope) => envelope.data.count),
  });
  if (count.isError) return <span className="work-tile-count work-tile-unknown">{EMPTY}</span>;
  return (
    <span className="work-tile-count" aria-busy={count.isPending}>
      {count.isPending ? '…' : formatNumber(count.data)}
    </span>
  );
}

/**
 * The landing screen: until the dashboard's figures are built, a work queue of what is waiting in the
 * modules the user may read, each tile a count and the list it comes from.
 */
export function DashboardPage() {
  const session = useSession();
  const { user } = session;
  const holder = holderOf(session);
  // One day's tiles: their filters are fixed when the screen opens.
  const tiles = useMemo(() => visibleTiles(holder, new Date()), [holder]);
  return (
    <Flex vertical gap={16}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Welcome, {user?.name ?? 'there'}
        </Typography.Title>
        {user && <Tag color="blue">{USER_TYPE_LABELS[user.type]}</Tag>}
      </Card>
      {tiles.length > 0 && (
        <section aria-label="Work queue" className="work-queue">
          {tiles.map((tile) => (
            <Link
              key={tile.key}
              to={panelPath(tile.link)}
              className="work-tile"
              data-testid={`tile-${tile.key}`}
            >
              <TileCount tile={tile} />
              <span className="work-tile-title">{tile.title}</span>
              <span className="work-tile-description">{tile.description}</span>
            </Link>
          ))}
        </section>
      )}
    </Flex>
  );
}
