import { Stack } from '@chakra-ui/react';
import { hasRank } from '@muster/contracts';
import type { PageProps } from '../../lib/page';
import { useSignedInSession } from '../auth/signed-in-session';
import { useTranslation } from 'react-i18next';
import { SysopsDashboard } from '../dashboard/SysopsDashboard';
import { OrganisationTermination } from './OrganisationTermination';
import { RestoreRequests } from './RestoreRequests';
import { ControlsNav } from '../account-controls/components';

/**
 * /app/sysops: the support queues at a glance, the links to the account controls and the ID
 * verification queue, the restore requests waiting for an operator, and (ROOT_ADMIN, DEPUTY_ADMIN)
 * organisation termination, until the root admin screen mounts it.
 */
export default function SysopsPage({ pageId }: PageProps) {
  const session = useSignedInSession();
  const { t } = useTranslation('pages');
  return (
    <Stack gap="8">
      <SysopsDashboard title={t(`${pageId}.title`)} />
      <ControlsNav />
      <RestoreRequests />
      {hasRank(session.role, 'DEPUTY_ADMIN') && <OrganisationTermination />}
    </Stack>
  );
}
