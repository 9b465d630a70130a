import { Badge, Card, HStack, Link, List, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ManagerDashboard } from '@muster/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { PageProps } from '../../lib/page';
import { formatDate, formatDateTime } from '../../lib/format';
import { useManagerDashboard, useOnboarding } from './api';
import { DashboardHeading, DashboardState, Empty, Figure, OnboardingChecklist, Section } from './parts';

/** The chart code loads only here, after the figures. */
const TrendChart = lazy(() => import('./TrendChart'));

/** /app/manager: what is due, what is failing and what needs the manager today. */
export default function ManagerDashboardPage({ pageId }: PageProps) {
  const { t } = useTranslation(['dashboards', 'pages']);
  const dashboard = useManagerDashboard();
  const onboarding = useOnboarding();
  return (
    <Stack gap="8" data-testid="manager-dashboard">
      <DashboardHeading title={t(`pages:${pageId}.title`)} intro={t('manager.intro')} />
      {onboarding.data && <OnboardingChecklist onboarding={onboarding.data} />}
      {dashboard.data ? <ManagerView data={dashboard.data} /> : <DashboardState error={dashboard.error} />}
    </Stack>
  );
}

function ManagerView({ data }: { data: ManagerDashboard }) {
  const { t, i18n } = useTranslation(['dashboards', 'drillReminders']);
  const lng = i18n.language;
  return (
    <Stack gap="8">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <Figure
          label={t('manager.overdue')}
          value={data.cadences.overdue}
          to="/app/drills/reminders"
          tone={data.cadences.overdue > 0 ? 'danger' : 'success'}
          testId="figure-cadences-overdue"
        />
        <Figure
          label={t('manager.dueSoon')}
          value={data.cadences.dueSoon}
          to="/app/drills/reminders"
          tone={data.cadences.dueSoon > 0 ? 'warning' : undefined}
          testId="figure-cadences-due-soon"
        />
        <Figure
          label={t('manager.actionsOpen')}
          value={data.correctiveActions.open}
          help={t('admin.overdue', { count: data.correctiveActions.overdue })}
          to="/app/drills/runs"
          tone={data.correctiveActions.overdue > 0 ? 'danger' : undefined}
          testId="figure-actions-open"
        />
        <Figure
          label={t('manager.acksMissing')}
          value={data.sopAcknowledgements.missing}
          to="/app/compliance/sops"
          tone={data.sopAcknowledgements.missing > 0 ? 'warning' : undefined}
          testId="figure-acks-missing"
        />
      </SimpleGrid>

      <Section title={t('manager.cadences')} to="/app/drills/reminders" linkLabel={t('manager.openCadences')}>
        {data.cadences.items.length ? (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            {data.cadences.items.map((c) => (
              <Card.Root key={c.cadenceId} variant="outline" data-testid="cadence">
                <Card.Body py="3" gap="1">
                  <HStack justify="space-between" gap="2">
                    <Text fontWeight="medium">{c.nameKey ? t(`drillReminders:defaultCadences.${c.nameKey}`) : c.name}</Text>
                    <Badge colorPalette={c.state === 'overdue' ? 'red' : c.state === 'due_soon' ? 'orange' : 'green'}>
                      {t(`manager.state.${c.state}`)}
                    </Badge>
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {c.dueDate ? t('manager.dueBy', { date: formatDate(c.dueDate, lng, 'medium') }) : t('manager.neverRun')}
                  </Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        ) : (
          <Empty text={t('manager.noCadences')} to="/app/drills/reminders" action={t('manager.setCadences')} />
        )}
      </Section>

      <Section
        title={t('manager.week', { from: formatDate(data.week.from, lng, 'medium'), to: formatDate(data.week.to, lng, 'medium') })}
        to="/app/drills/runs"
        linkLabel={t('manager.openRuns')}
      >
        <HStack gap="2" wrap="wrap" data-testid="week-counts">
          <Badge>{t('manager.scheduled', { count: data.week.scheduled })}</Badge>
          <Badge colorPalette="blue">{t('manager.live', { count: data.week.live })}</Badge>
          <Badge colorPalette="green">{t('manager.completed', { count: data.week.completed })}</Badge>
        </HStack>
        {data.week.items.length ? (
          <List.Root variant="plain" gap="2">
            {data.week.items.map((run) => (
              <List.Item key={run.id}>
                <Link asChild color="brand.fg">
                  <RouterLink to={run.status === 'scheduled' ? `/app/drills/console/${run.id}` : `/app/drills/runs/${run.id}/summary`}>
                    {run.title}
                  </RouterLink>
                </Link>
                <Text as="span" color="fg.muted" fontSize="sm" ms="2">
                  {formatDateTime(run.scheduledAt, lng)}
                </Text>
              </List.Item>
            ))}
          </List.Root>
        ) : (
          <Empty text={t('manager.noRunsThisWeek')} to="/app/drills/templates" action={t('manager.scheduleRun')} />
        )}
      </Section>

      <Section title={t('manager.trend')} to="/app/drills/runs" linkLabel={t('manager.openRuns')}>
        {data.trend.some((m) => m.runs > 0) ? (
          <Card.Root variant="outline">
            <Card.Body>
              <Suspense fallback={<Skeleton height="64" />}>
                <TrendChart trend={data.trend} />
              </Suspense>
            </Card.Body>
          </Card.Root>
        ) : (
          <Empty text={t('manager.noTrend')} to="/app/drills/templates" action={t('manager.scheduleRun')} />
        )}
      </Section>

      <Section title={t('manager.acks')} to="/app/compliance/sops" linkLabel={t('manager.openSops')}>
        {data.sopAcknowledgements.items.length ? (
          <List.Root variant="plain" gap="2">
            {data.sopAcknowledgements.items.map((s) => (
              <List.Item key={s.sopId} data-testid="sop-missing">
                <Link asChild color="brand.fg">
                  <RouterLink to="/app/compliance/sops">{s.title}</RouterLink>
                </Link>
                <Text as="span" color="fg.muted" fontSize="sm" ms="2">
                  {t('manager.missingAcks', { count: s.missing })}
                </Text>
              </List.Item>
            ))}
          </List.Root>
        ) : (
          <Text color="fg.muted">{t('manager.allAcknowledged')}</Text>
        )}
      </Section>
    </Stack>
  );
}
