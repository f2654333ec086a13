import { loginReport } from '@facet/contract';
import { Link } from 'react-router';
import { panelPath } from '../platform/app/paths.ts';
import { ReportPage } from '../reports/report-page.tsx';

/** Report → Login: sign-ins and failures by user, address or device, and a way to every event. */
export function LoginReportPage() {
  return (
    <ReportPage
      spec={loginReport}
      extra={() => (
        <p style={{ marginBottom: 12 }}>
          <Link to={panelPath('report/events')}>See each sign-in event</Link>
        </p>
      )}
    />
  );
}
