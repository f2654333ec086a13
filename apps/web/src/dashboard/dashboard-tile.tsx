import type { DashboardFigure, DashboardTile } from '@facet/contract';
import { Alert, Card, Col, Row, Skeleton, Typography } from 'antd';
import { type CSSProperties, lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { panelPath } from '../platform/app/paths.ts';
import { formatDateTime, formatNumber } from '../platform/lists/format.ts';
import { comparisonText, figureText } from './figure-text.ts';

// The charts and their tables load after the figures: the first load carries figures and links only.
const ChartView = lazy(() =>
  import('../platform/charts/chart-view.tsx').then((module) => ({ default: module.ChartView })),
);

function Figure({ figure }: { figure: DashboardFigure }) {
  const comparison = comparisonText(figure);
  const text = figureText(figure);
  const body = (
    <>
      {/* Its length lets a long figure ("USD 3,466,821") shrink to one line rather than wrap. */}
      <span className="work-tile-count" style={{ '--figure-chars': text.length } as CSSProperties}>
        {text}
      </span>
      <span className="work-tile-title">{figure.label}</span>
      {comparison && (
        <span className={`dashboard-trend dashboard-trend-${comparison.trend}`}>{comparison.text}</span>
      )}
    </>
  );
  return figure.link ? (
    <Link to={panelPath(figure.link)} className="work-tile" data-testid={`figure-${figure.key}`}>
      {body}
    </Link>
  ) : (
    <div className="work-tile work-tile-plain" data-testid={`figure-${figure.key}`}>
      {body}
    </div>
  );
}

/** One tile: its figures, each opening its list; its breakdowns as charts with tables; its records. */
export function DashboardTileCard({ tile }: { tile: DashboardTile }) {
  return (
    <Card title={tile.title} size="small" className="dashboard-tile" data-testid={`tile-${tile.key}`}>
      {tile.failed && (
        <Alert type="warning" showIcon title="This tile could not be read just now. Reload to try again." />
      )}
      {tile.figures.length > 0 && (
        <div className="dashboard-figures">
          {tile.figures.map((figure) => (
            <Figure key={figure.key} figure={figure} />
          ))}
        </div>
      )}
      {tile.breakdowns.length > 0 && (
        <Row gutter={[16, 8]} style={{ marginTop: 16 }}>
          {tile.breakdowns.map((breakdown) => (
            <Col key={breakdown.key} xs={24} lg={8}>
              <Suspense fallback={<Skeleton active title={false} paragraph={{ rows: 5 }} />}>
                <ChartView
                  title={breakdown.title}
                  height={220}
                  formatValue={(value) => formatNumber(value, 0)}
                  data={{
                    kind: 'bar',
                    labels: breakdown.figures.map((figure) => figure.label),
                    series: [
                      {
                        key: 'stones',
                        label: 'Stones',
                        values: breakdown.figures.map((figure) => figure.value ?? 0),
                      },
                    ],
                  }}
                />
              </Suspense>
            </Col>
          ))}
        </Row>
      )}
      {tile.items.length > 0 && (
        <ul className="dashboard-items">
          {tile.items.map((item) => (
            <li key={item.key}>
              {item.link ? <Link to={panelPath(item.link)}>{item.title}</Link> : <span>{item.title}</span>}
              <Typography.Text type="secondary" className="dashboard-item-detail">
                {item.detail}
                {item.at ? ` · ${formatDateTime(item.at)}` : ''}
              </Typography.Text>
            </li>
          ))}
        </ul>
      )}
      {!tile.failed &&
        tile.figures.length === 0 &&
        tile.items.length === 0 &&
        tile.breakdowns.length === 0 && (
          <Typography.Text type="secondary">Nothing waiting here.</Typography.Text>
        )}
    </Card>
  );
}
