import type { ReactNode } from 'react';
import './screen-card.css';

/**
 * The frame of a list screen, drawn as antd's Card without a title is: Card imports Tabs (for titles with
 * tabs), about 10 KB gzip that every list's first download carried for a plain white box
 * (docs/performance.md).
 */
export function ScreenCard({ children }: { children: ReactNode }) {
  return <div className="screen-card">{children}</div>;
}
