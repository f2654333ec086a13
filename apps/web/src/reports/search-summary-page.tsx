import { searchSummaryReport } from '@facet/contract';
import { ReportPage } from './report-page.tsx';
import { ZeroResults } from './zero-results.tsx';

/** Search summary: what customers search for, and which searches found nothing. */
export function SearchSummaryPage() {
  return (
    <ReportPage
      spec={searchSummaryReport}
      extra={(answer) => (
        <ZeroResults rows={answer?.list ?? []} name={(row) => row.value} what="stock to buy" />
      )}
    />
  );
}
