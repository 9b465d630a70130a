import { Navigate } from 'react-router-dom';
import { ROLE_DASHBOARDS } from '../../app/navigation';
import { useSignedInSession } from '../auth/signed-in-session';

/** /app/dashboard: sends each role to its own dashboard. */
export default function DashboardLanding() {
  const session = useSignedInSession();
  return <Navigate to={ROLE_DASHBOARDS[session.role]} replace />;
}
