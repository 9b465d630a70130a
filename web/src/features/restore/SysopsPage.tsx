import { Stack } from '@chakra-ui/react';
import { hasRank } from '@muster/contracts';
import type { PageProps } from '../../lib/page';
import { useSignedInSession } from '../auth/signed-in-session';
import GenericDashboardPage from '../dashboard/GenericDashboardPage';
import { OrganisationTermination } from './OrganisationTermination';
import { RestoreRequests } from './RestoreRequests';

/**
 * /app/sysops until support's own dashboard arrives: the neutral dashboard, the restore requests
 * waiting for an operator, and (ROOT_ADMIN, DEPUTY_ADMIN) organisation termination, until the root
 * admin screen mounts it.
 */
export default function SysopsPage(props: PageProps) {
  const session = useSignedInSession();
  return (
    <Stack gap="8">
      <GenericDashboardPage {...props} />
      <RestoreRequests />
      {hasRank(session.role, 'DEPUTY_ADMIN') && <OrganisationTermination />}
    </Stack>
  );
}
