import { Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { OrganisationTermination } from '../restore/OrganisationTermination';
import { PlatformDashboard, RootLinks } from './PlatformDashboard';
import { DashboardGreeting } from '../dashboard/parts';

/** /app/root, /app/root-admin and /app/root-admin/*: the unified root admin screen. */
export default function RootAdminPage({ pageId }: PageProps) {
  const { t } = useTranslation(['rootAdmin', 'pages']);
  usePageTitle(pageId);
  return (
    <Stack gap="8" maxWidth="7xl" data-testid="root-admin-page">
      <PageHeader title={t('pages:rootAdmin.title')} subtitle={t('subtitle')} />
      <DashboardGreeting />
      <RootLinks
        links={[
          { to: '/app/root-admin/approvals', label: t('links.approvals'), testId: 'root-link-approvals' },
          { to: '/app/admin/broadcasts', label: t('links.broadcasts'), testId: 'root-link-broadcasts' },
          { to: '/app/admin/database', label: t('links.database'), testId: 'root-link-database' },
          { to: '/app/admin/simulation', label: t('links.simulation'), testId: 'root-link-simulation' },
        ]}
      />
      <PlatformDashboard approvalsLink="/app/root-admin/approvals" />
      <OrganisationTermination />
    </Stack>
  );
}
