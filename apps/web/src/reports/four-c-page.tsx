import { fourCReport } from '@facet/contract';
import { ReportPage } from './report-page.tsx';
import { type MatrixCell, SearchMatrix } from './search-matrix.tsx';

const spec = fourCReport as unknown as Parameters<typeof SearchMatrix>[0]['spec'];

/** The 4 C search: how often each colour and clarity is searched against the stones in stock for it. */
export function FourCPage() {
  return <ReportPage<MatrixCell> spec={spec} extra={() => <SearchMatrix spec={spec} measure="stock" />} />;
}
