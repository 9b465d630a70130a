import { SimpleGrid, Stack } from '@chakra-ui/react';
import type { InternalAuditorDashboard } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { formatDateTime } from '../../lib/format';
import { useInternalAuditorDashboard } from './api';
import { ComplianceTable } from './ComplianceTable';
import { DashboardHeading, DashboardState, Empty, Figure, Section } from './parts';

/** /app/internal-auditor: compliance, evidence freshness, flags and the audit chain. */
export default function InternalAuditorDashboardPage({ pageId }: PageProps) {
  const { t } = useTranslation(['dashboards', 'pages']);
  const dashboard = useInternalAuditorDashboard();
  return (
    <Stack gap="8" data-testid="auditor-dashboard">
      <DashboardHeading title={t(`pages:${pageId}.title`)} intro={t('auditor.intro')} />
      {dashboard.data ? <AuditorView data={dashboard.data} /> : <DashboardState error={dashboard.error} />}
    </Stack>
  );
}

function AuditorView({ data }: { data: InternalAuditorDashboard }) {
  const { t, i18n } = useTranslation('dashboards');
  const lng = i18n.language;
  return (
    <Stack gap="8">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <Figure
          label={t('auditor.freshEvidence')}
          value={data.evidence.fresh}
          help={t('auditor.staleEvidence', { count: data.evidence.stale })}
          to="/app/compliance/packets"
          testId="figure-evidence-fresh"
        />
        <Figure
          label={t('auditor.lastAdded')}
          value={data.evidence.lastAddedAt ? formatDateTime(data.evidence.lastAddedAt, lng) : t('auditor.never')}
          to="/app/compliance/packets"
        />
        <Figure
          label={t('auditor.flagged')}
          value={data.flagged.records + data.flagged.requests}
          help={t('auditor.flaggedDetail', { records: data.flagged.records, requests: data.flagged.requests })}
          to="/app/compliance/packets"
          tone={data.flagged.records + data.flagged.requests > 0 ? 'danger' : undefined}
          testId="figure-flagged"
        />
        <Figure
          label={t('auditor.chain')}
          value={data.chain.ok === null ? t('auditor.chainNever') : data.chain.ok ? t('auditor.chainOk') : t('auditor.chainBroken')}
          help={data.chain.lastVerifiedAt ? t('auditor.chainAt', { when: formatDateTime(data.chain.lastVerifiedAt, lng) }) : undefined}
          to="/app/security-timeline"
          tone={data.chain.ok === false ? 'danger' : data.chain.ok ? 'success' : undefined}
          testId="figure-chain"
        />
      </SimpleGrid>
      <Section title={t('compliance.title')} to="/app/compliance/profiles" linkLabel={t('compliance.open')}>
        {data.compliance.length ? (
          <ComplianceTable items={data.compliance} />
        ) : (
          <Empty text={t('compliance.emptyAuditor')} to="/app/compliance/profiles" action={t('compliance.open')} />
        )}
      </Section>
    </Stack>
  );
}
