import { Alert, Stack, Tabs } from '@chakra-ui/react';
import { hasRank } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useLatestSearchParams } from '../../lib/useLatestSearchParams';
import { useSignedInSession } from '../auth/signed-in-session';
import AuditorInvitesPanel from '../auditor-invites/AuditorInvitesPanel';
import EvidenceRequestsPanel from '../evidence-requests/EvidenceRequestsPanel';
import RecordsPanel from './RecordsPanel';

const TABS = ['records', 'auditors', 'requests'] as const;
type Tab = (typeof TABS)[number];

/**
 * /app/admin/evidence-vault: the organisation's evidence records, the guest auditors invited to
 * review them and the auditors' requests. The tab follows `?tab=`. ADMINs change things; an
 * INTERNAL_AUDITOR reads the records only.
 */
export default function EvidenceVaultPage({ pageId }: PageProps) {
  const { t } = useTranslation('evidence');
  usePageTitle(pageId);
  const session = useSignedInSession();
  const [params, setParams] = useLatestSearchParams();
  const admin = hasRank(session.role, 'ADMIN');
  const tabs: readonly Tab[] = admin ? TABS : ['records'];
  const requested = params.get('tab') as Tab | null;
  const tab: Tab = requested && tabs.includes(requested) ? requested : 'records';
  const choose = (next: string) => {
    setParams(
      (latest) => {
        if (next === 'records') latest.delete('tab');
        else latest.set('tab', next);
        return latest;
      },
      { replace: true },
    );
  };
  return (
    <Stack gap="6" maxWidth="6xl" data-testid="evidence-vault-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {!session.org ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{t('noOrganization')}</Alert.Description>
        </Alert.Root>
      ) : (
        <Tabs.Root value={tab} onValueChange={(e) => choose(e.value)} variant="line" lazyMount>
          <Tabs.List overflowX="auto">
            {tabs.map((name) => (
              <Tabs.Trigger key={name} value={name} data-testid={`vault-tab-${name}`}>
                {t(`tabs.${name}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="records">
            {!admin && (
              <Alert.Root status="info" marginBottom="4">
                <Alert.Indicator />
                <Alert.Description>{t('readOnly')}</Alert.Description>
              </Alert.Root>
            )}
            <RecordsPanel readOnly={!admin} />
          </Tabs.Content>
          {admin && (
            <>
              <Tabs.Content value="auditors">
                <AuditorInvitesPanel />
              </Tabs.Content>
              <Tabs.Content value="requests">
                <EvidenceRequestsPanel />
              </Tabs.Content>
            </>
          )}
        </Tabs.Root>
      )}
    </Stack>
  );
}
