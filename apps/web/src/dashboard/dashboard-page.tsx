import { DASHBOARD_ENDPOINTS, USER_TYPE_LABELS } from '@facet/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Flex, Row, Skeleton, Tag, Typography } from 'antd';
import { call } from '../platform/api/api-client.ts';
import { READER_TIME_ZONE } from '../platform/lists/format.ts';
import { canCall } from '../platform/session/can-call.ts';
import { holderOf } from '../platform/session/session-store.ts';
import { useSession } from '../platform/session/use-session.ts';
import { DashboardTileCard } from './dashboard-tile.tsx';
import './dashboard-page.css';

/** Tiles that read best across the whole width (a chart per grade). */
const WIDE_TILES = new Set(['stock']);

function DashboardTiles() {
  const data = useQuery({
    queryKey: ['dashboard-data', READER_TIME_ZONE],
    queryFn: () =>
      call(DASHBOARD_ENDPOINTS.data, { timeZone: READER_TIME_ZONE }, { toastErrors: false }).then(
        (envelope) => envelope.data,
      ),
  });
  if (data.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (data.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title="The dashboard's figures could not be read just now. Reload to try again."
      />
    );
  }
  return (
    <section aria-label="Work queue" className="work-queue" data-ready="true">
      <Row gutter={[16, 16]}>
        {data.data.tiles.map((tile) => (
          <Col
            key={tile.key}
            xs={24}
            md={WIDE_TILES.has(tile.key) ? 24 : 12}
            xxl={WIDE_TILES.has(tile.key) ? 24 : 8}
          >
            <DashboardTileCard tile={tile} />
          </Col>
        ))}
      </Row>
    </section>
  );
}

/**
 * The landing screen: a welcome, then the tiles of the modules the user may read, from one request,
 * each figure opening the list it counts. Every signed-in user lands here; the figures need Login (the
 * spec's gate of the dashboard), and without it the screen says whom to ask.
 */
export function DashboardPage() {
  const session = useSession();
  const { user } = session;
  const holder = holderOf(session);
  const mayRead = holder !== null && canCall(holder, DASHBOARD_ENDPOINTS.data);
  return (
    <Flex vertical gap={16}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          Welcome, {user?.name ?? 'there'}
        </Typography.Title>
        {user && <Tag color="blue">{USER_TYPE_LABELS[user.type]}</Tag>}
      </Card>
      {mayRead ? (
        <DashboardTiles />
      ) : (
        <Alert
          type="info"
          showIcon
          title="The dashboard's figures need the view permission of Login. Ask an administrator to grant it; the menu leads to the screens you may open."
        />
      )}
    </Flex>
  );
}
