import { HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import { Section } from '../../components/Section';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { ApprovalsPanel } from '../approvals/ApprovalsPanel';
import { RequestDialog } from '../approvals/RequestDialog';
import { PlatformDashboard, RootLinks } from './PlatformDashboard';
import { DashboardGreeting } from '../dashboard/parts';

/**
 * /app/deputy-admin: the platform at a glance for deputy admins, with the approvals they decide
 * (the approvals page itself is a root admin's).
 */
export default function DeputyAdminPage({ pageId }: PageProps) {
  const { t } = useTranslation(['rootAdmin', 'pages']);
  usePageTitle(pageId);
  return (
    <Stack gap="8" maxWidth="7xl" data-testid="deputy-admin-page">
      <PageHeader title={t('pages:deputyDashboard.title')} subtitle={t('deputySubtitle')} />
      <DashboardGreeting />
      <RootLinks links={[{ to: '/app/admin/simulation', label: t('links.simulation'), testId: 'root-link-simulation' }]} />
      <PlatformDashboard approvalsLink={null} />
      <Section id="deputy-approvals" title={t('approvals.title')} text={t('approvals.text')}>
        <HStack gap="2" wrap="wrap">
          <RequestDialog />
          <RequestDialog breakGlass />
        </HStack>
        <ApprovalsPanel />
      </Section>
    </Stack>
  );
}
