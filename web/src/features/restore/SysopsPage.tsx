import { Stack } from '@chakra-ui/react';
import { hasRank } from '@muster/contracts';
import type { PageProps } from '../../lib/page';
import { useSignedInSession } from '../auth/signed-in-session';
import GenericDashboardPage from '../dashboard/GenericDashboardPage';
import { OrganisationTermination } from './OrganisationTermination';
import { RestoreRequests } from './RestoreRequests';
import { ControlsNav } from '../account-controls/components';

/**
 * /app/sysops until support's own dashboard arrives: the neutral dashboard, the links to the
 * account controls and the ID verification queue, the restore requests
 * waiting for an operator, and (ROOT_ADMIN, DEPUTY_ADMIN) organisation termination, until the root
 * admin screen mounts it.
 */
export default function SysopsPage(props: PageProps) {
  const session = useSignedInSession();
  return (
    <Stack gap="8">
      <GenericDashboardPage {...props} />
      <ControlsNav />
      <RestoreRequests />
      {hasRank(session.role, 'DEPUTY_ADMIN') && <OrganisationTermination />}
    </Stack>
  );
}
