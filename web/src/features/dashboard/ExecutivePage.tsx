import { Badge, Button, Card, DataList, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { type ExecutiveSummary, type LanguageCode } from '@muster/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../lib/api';
import { applyColorMode } from '../../lib/color-mode';
import { formatCount, formatDateTime } from '../../lib/format';
import type { PageProps } from '../../lib/page';
import { RenderButton } from '../documents/RenderButton';
import { ComplianceTable } from './ComplianceTable';
import { DashboardState, Empty, Figure, Section } from './parts';

/** Printing: the app's top bar, the help-desk button and the controls are left out; white paper. */
const PRINT_CSS = `@media print {
  body header:has(+ main), [data-testid="help-desk-widget"] { display: none !important; }
  main { max-width: none !important; padding: 0 !important; }
  body, body > div { background: white !important; }
  [data-testid="executive-page"] * { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
}`;

export const executiveKey = ['dashboards', 'executive'] as const;

/** /app/admin/executive: one page of compliance and readiness for the organisation's leadership. */
export default function ExecutivePage({ pageId }: PageProps) {
  const { t, i18n } = useTranslation(['dashboards', 'pages']);
  const summary = useQuery({
    queryKey: executiveKey,
    queryFn: () => apiRequest<ExecutiveSummary>('GET', '/api/dashboards/executive'),
  });
  useEffect(() => {
    const before = () => applyColorMode('light');
    const after = () => applyColorMode();
    window.addEventListener('beforeprint', before);
    window.addEventListener('afterprint', after);
    return () => {
      window.removeEventListener('beforeprint', before);
      window.removeEventListener('afterprint', after);
    };
  }, []);
  return (
    <Stack gap="6" data-testid="executive-page">
      <style>{PRINT_CSS}</style>
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t(`pages:${pageId}.title`)}
          </Heading>
          {summary.data && (
            <Text color="fg.muted" data-testid="executive-org">
              {t('executive.subtitle', { organization: summary.data.organization, when: formatDateTime(summary.data.asOf, i18n.language) })}
            </Text>
          )}
        </Stack>
        <HStack gap="2" align="flex-start" wrap="wrap" _print={{ display: 'none' }}>
          <RenderButton
            request={{ kind: 'executive-summary-pdf', language: i18n.language as LanguageCode }}
            label={t('executive.pdf')}
            testId="executive-pdf"
          />
          <Button variant="ghost" size="sm" onClick={() => window.print()} data-testid="executive-print">
            {t('executive.print')}
          </Button>
        </HStack>
      </Stack>
      {summary.data ? <ExecutiveView data={summary.data} /> : <DashboardState error={summary.error} />}
    </Stack>
  );
}

function ExecutiveView({ data }: { data: ExecutiveSummary }) {
  const { t, i18n } = useTranslation('dashboards');
  const lng = i18n.language;
  const r = data.readiness;
  const n = (v: number) => formatCount(v, lng);
  return (
    <Stack gap="8">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <Figure
          label={t('manager.overdue')}
          value={r.cadencesOverdue}
          help={t('executive.ofCadences', { count: r.cadences })}
          to="/app/drills/reminders"
          tone={r.cadencesOverdue > 0 ? 'danger' : 'success'}
          testId="exec-cadences-overdue"
        />
        <Figure label={t('executive.runs')} value={r.runs} to="/app/drills/runs" testId="exec-runs" />
        <Figure
          label={t('executive.attendance')}
          value={r.attendancePercent === null ? t('executive.none') : `${n(r.attendancePercent)} %`}
          to="/app/drills/runs"
          testId="exec-attendance"
        />
        <Figure
          label={t('executive.muster')}
          value={r.musterMedianMinutes === null ? t('executive.none') : t('executive.minutes', { value: n(r.musterMedianMinutes) })}
          to="/app/drills/runs"
          testId="exec-muster"
        />
      </SimpleGrid>
      <Section title={t('compliance.title')} to="/app/compliance/profiles" linkLabel={t('compliance.open')}>
        {data.compliance.length ? (
          <ComplianceTable items={data.compliance} />
        ) : (
          <Empty text={t('compliance.empty')} to="/app/compliance/profiles" action={t('compliance.create')} />
        )}
      </Section>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Card.Root variant="outline">
          <Card.Header>
            <Card.Title as="h2">{t('executive.followUp')}</Card.Title>
          </Card.Header>
          <Card.Body>
            <DataList.Root orientation="horizontal" gap="3">
              <Item
                label={t('manager.actionsOpen')}
                value={t('executive.openOverdue', { open: n(r.actionsOpen), overdue: n(r.actionsOverdue) })}
              />
              <Item label={t('manager.acksMissing')} value={n(r.acknowledgementsMissing)} />
              <Item label={t('auditor.freshEvidence')} value={n(data.evidence.fresh)} />
              <Item label={t('auditor.flagged')} value={n(data.evidence.flagged)} />
              <Item label={t('executive.requestsOverdue')} value={n(data.evidence.requestsOverdue)} />
            </DataList.Root>
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline">
          <Card.Header>
            <Card.Title as="h2">{t('admin.security')}</Card.Title>
          </Card.Header>
          <Card.Body>
            <DataList.Root orientation="horizontal" gap="3">
              <Item label={t('admin.failedSignIns')} value={n(data.security.failedSignIns)} />
              <Item label={t('admin.lockouts')} value={n(data.security.lockouts)} />
              <DataList.Item>
                <DataList.ItemLabel>{t('auditor.chain')}</DataList.ItemLabel>
                <DataList.ItemValue>
                  <Badge colorPalette={data.security.chainOk === false ? 'red' : data.security.chainOk ? 'green' : 'gray'}>
                    {data.security.chainOk === null
                      ? t('auditor.chainNever')
                      : data.security.chainOk
                        ? t('auditor.chainOk')
                        : t('auditor.chainBroken')}
                  </Badge>
                </DataList.ItemValue>
              </DataList.Item>
              <Item label={t('admin.seatsUsed')} value={t('admin.ofLimit', { used: n(data.seats.used), limit: n(data.seats.limit) })} />
            </DataList.Root>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Stack>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
