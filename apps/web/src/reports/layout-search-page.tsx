import { layoutSearchReport } from '@facet/contract';
import { ReportPage } from './report-page.tsx';
import { ZeroResults } from './zero-results.tsx';

/** Layout search: the customers' searches of the certified layouts by layout category. */
export function LayoutSearchPage() {
  return (
    <ReportPage
      spec={layoutSearchReport}
      extra={(answer) => (
        <ZeroResults rows={answer?.list ?? []} name={(row) => row.category} what="layouts to make" />
      )}
    />
  );
}
