import { searchDayReport } from '@facet/contract';
import { ReportPage } from './report-page.tsx';

/** Summary: searches a day, by how many people, and how many found nothing. */
export function SearchDayPage() {
  return <ReportPage spec={searchDayReport} />;
}
