import { loginSummaryReport } from '@facet/contract';
import { ReportPage } from './report-page.tsx';

/** Login summary: each user's sign-ins and failed attempts a day, with the first and last sign-in. */
export function LoginSummaryPage() {
  return <ReportPage spec={loginSummaryReport} />;
}
