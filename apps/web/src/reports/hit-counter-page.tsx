import { hitCounterReport } from '@facet/contract';
import { ReportUse } from './hit-counter-report-use.tsx';
import { ReportPage } from './report-page.tsx';

/** Page visits by page and day, and the reports' views and downloads over the same period. */
export function HitCounterPage() {
  return (
    <ReportPage
      spec={hitCounterReport}
      extra={(answer) => {
        // The chart draws every day of the period its answer covers, so the reports read the same days.
        const days = answer?.chart.labels;
        const period = days?.length ? { from: days[0] as string, to: days.at(-1) as string } : undefined;
        return <ReportUse period={period} />;
      }}
    />
  );
}
