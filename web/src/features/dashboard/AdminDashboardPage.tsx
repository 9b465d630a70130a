import { Badge, Card, HStack, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import type { AdminDashboard } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { formatCount, formatDateTime } from '../../lib/format';
import { actionKey } from '../audit/labels';
import { useAdminDashboard, useOnboarding } from './api';
import { ComplianceTable } from './ComplianceTable';
import { DashboardHeading, DashboardState, Empty, Figure, OnboardingChecklist, Section } from './parts';

/** /app/admin and /app/admin/dashboard: the organisation at a glance for its ADMIN. */
export default function AdminDashboardPage({ pageId }: PageProps) {
  const { t } = useTranslation(['dashboards', 'pages']);
  const dashboard = useAdminDashboard();
  const onboarding = useOnboarding();
  return (
    <Stack gap="8" data-testid="admin-dashboard">
      <DashboardHeading title={t(`pages:${pageId}.title`)} intro={t('admin.intro')} />
      {onboarding.data && <OnboardingChecklist onboarding={onboarding.data} />}
      {dashboard.data ? <AdminView data={dashboard.data} /> : <DashboardState error={dashboard.error} />}
    </Stack>
  );
}

function AdminView({ data }: { data: AdminDashboard }) {
  const { t, i18n } = useTranslation(['dashboards', 'usage', 'audit']);
  const lng = i18n.language;
  const { seats, security } = data;
  return (
    <Stack gap="8">
      <Section title={t('admin.members')} to="/app/admin/users" linkLabel={t('admin.manageMembers')}>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <Figure
            label={t('admin.seatsUsed')}
            value={t('admin.ofLimit', { used: formatCount(seats.used, lng), limit: formatCount(seats.limit, lng) })}
            to="/app/admin/users"
            tone={seats.used >= seats.limit ? 'danger' : undefined}
            testId="figure-seats"
          />
          <Figure label={t('admin.activeMembers')} value={seats.activeMembers} to="/app/admin/users" testId="figure-active-members" />
          <Figure label={t('admin.pendingInvites')} value={seats.pendingInvites} to="/app/admin/users" testId="figure-pending-invites" />
        </SimpleGrid>
      </Section>

      <Section title={t('admin.usage', { plan: t(`plans.${data.usage.plan}`) })} to="/app/usage" linkLabel={t('admin.openUsage')}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
          {data.usage.resources.map((r) => (
            <Figure
              key={r.resourceType}
              label={t(`usage:resources.${r.resourceType}`)}
              value={`${formatCount(r.percent, lng)} %`}
              help={t('admin.ofLimit', { used: formatCount(r.used, lng), limit: formatCount(r.limit, lng) })}
              to="/app/usage"
              tone={r.percent >= 100 ? 'danger' : r.percent >= 80 ? 'warning' : undefined}
              testId={`figure-usage-${r.resourceType}`}
            />
          ))}
        </SimpleGrid>
      </Section>

      <Section title={t('compliance.title')} to="/app/compliance/profiles" linkLabel={t('compliance.open')}>
        {data.compliance.length ? (
          <ComplianceTable items={data.compliance} />
        ) : (
          <Empty text={t('compliance.empty')} to="/app/compliance/profiles" action={t('compliance.create')} />
        )}
      </Section>

      <Section title={t('admin.security')} to="/app/admin/security-threats" linkLabel={t('admin.openThreats')}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          <Figure
            label={t('admin.evidenceOpen')}
            value={data.evidenceRequests.open}
            help={t('admin.overdue', { count: data.evidenceRequests.overdue })}
            tone={data.evidenceRequests.overdue > 0 ? 'danger' : undefined}
            to="/app/admin/evidence-vault"
            testId="figure-evidence-open"
          />
          <Figure
            label={t('admin.failedSignIns')}
            value={security.failedSignIns}
            help={t('admin.lastWeek')}
            to="/app/admin/security-threats"
            testId="figure-failed-sign-ins"
          />
          <Figure label={t('admin.lockouts')} value={security.lockouts} help={t('admin.lastWeek')} to="/app/admin/security-threats" />
          <Figure
            label={t('admin.flaggedAccounts')}
            value={security.flaggedAccounts}
            to="/app/admin/security-threats"
            tone={security.flaggedAccounts > 0 ? 'warning' : undefined}
          />
          <Figure
            label={t('admin.sso')}
            value={
              security.sso.providers === 0
                ? t('admin.ssoNone')
                : security.sso.failures > 0
                  ? t('admin.ssoFailing', { count: security.sso.failures })
                  : t('admin.ssoHealthy')
            }
            help={t('admin.ssoSignIns', { count: security.sso.signIns })}
            tone={security.sso.failures > 0 ? 'warning' : security.sso.providers > 0 ? 'success' : undefined}
            to="/app/admin/saml"
            testId="figure-sso"
          />
          <Figure
            label={t('admin.siem')}
            value={
              security.siem.destinations === 0
                ? t('admin.siemNone')
                : security.siem.unhealthy > 0
                  ? t('admin.siemUnhealthy', { count: security.siem.unhealthy })
                  : t('admin.siemHealthy')
            }
            help={t('admin.siemDeliveries', {
              delivered: formatCount(security.siem.delivered, lng),
              failed: formatCount(security.siem.failed, lng),
            })}
            tone={
              security.siem.unhealthy > 0 || security.siem.failed > 0 ? 'danger' : security.siem.destinations > 0 ? 'success' : undefined
            }
            to="/app/admin/siem"
            testId="figure-siem"
          />
        </SimpleGrid>
      </Section>

      <Section title={t('admin.recentAudit')} to="/app/admin/security-timeline" linkLabel={t('admin.openTimeline')}>
        <Card.Root variant="outline">
          <Table.ScrollArea>
            <Table.Root size="sm" data-testid="recent-audit">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('admin.when')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('admin.action')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('admin.actor')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.recentAudit.map((e) => (
                  <Table.Row key={e.id}>
                    <Table.Cell whiteSpace="nowrap">{formatDateTime(e.at, lng)}</Table.Cell>
                    <Table.Cell>
                      <HStack gap="2">
                        <Text as="span">{t(`audit:${actionKey(e.action)}`, { defaultValue: e.action })}</Text>
                        {e.outcome !== 'success' && (
                          <Badge colorPalette="red" size="sm">
                            {t('admin.failed')}
                          </Badge>
                        )}
                      </HStack>
                    </Table.Cell>
                    <Table.Cell>
                      <bdi>{e.actorEmail ?? t('admin.system')}</bdi>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </Card.Root>
      </Section>
    </Stack>
  );
}
