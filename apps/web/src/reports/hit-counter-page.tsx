import { hitCounterReport } from '@facet/contract';
import { ReportPage } from './report-page.tsx';

/** Page visits by page and day. */
export function HitCounterPage() {
  return <ReportPage spec={hitCounterReport} />;
}
