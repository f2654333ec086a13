import { theme } from 'antd';
import { formatNumber } from '../platform/lists/format.ts';
import { PlainText } from '../platform/typography/plain-text.tsx';

interface Counted {
  searches: number;
  zeroResultSearches: number;
}

export interface ZeroResultsProps<R extends Counted> {
  rows: readonly R[];
  name: (row: R) => string;
  /** What a search that found nothing points at: "stock to buy". */
  what: string;
}

/**
 * The rows of the page shown whose searches found nothing, most such searches first, above the table:
 * they are what a buyer acts on. Written out with their counts under a heading, so the warning colours
 * are never the only sign. Plain markup in the theme's warning tokens: no Alert or Tag in the screen's
 * first load.
 */
export function ZeroResults<R extends Counted>({ rows, name, what }: ZeroResultsProps<R>) {
  const { token } = theme.useToken();
  const missed = rows
    .filter((row) => row.zeroResultSearches > 0)
    .sort((a, b) => b.zeroResultSearches - a.zeroResultSearches);
  if (missed.length === 0) return null;
  const title = `Searches that found nothing (${what})`;
  return (
    <section
      aria-label={title}
      style={{
        marginBottom: 12,
        padding: '8px 12px',
        border: `1px solid ${token.colorWarningBorder}`,
        borderRadius: token.borderRadiusLG,
        background: token.colorWarningBg,
      }}
    >
      <PlainText strong>{title}</PlainText>
      <ul
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 8,
          margin: '6px 0 0',
          padding: 0,
          listStyle: 'none',
        }}
      >
        {missed.map((row) => (
          <li
            key={name(row)}
            style={{
              padding: '0 8px',
              border: `1px solid ${token.colorWarningBorder}`,
              borderRadius: token.borderRadiusSM,
              color: token.colorText,
              background: token.colorBgContainer,
            }}
          >
            {`${name(row)}: ${formatNumber(row.zeroResultSearches, 0)} of ${formatNumber(row.searches, 0)} found nothing`}
          </li>
        ))}
      </ul>
    </section>
  );
}
