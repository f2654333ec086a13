import { searchSoldReport } from '@facet/contract';
import { ReportPage } from './report-page.tsx';
import { type MatrixCell, SearchMatrix } from './search-matrix.tsx';

const spec = searchSoldReport as unknown as Parameters<typeof SearchMatrix>[0]['spec'];

/** Search vs sold: each colour and clarity's searches against the stones sold, and the conversion. */
export function SearchSoldPage() {
  return <ReportPage<MatrixCell> spec={spec} extra={() => <SearchMatrix spec={spec} measure="sold" />} />;
}
