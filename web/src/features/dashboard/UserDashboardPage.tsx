import { Badge, Card, Link, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { UserDashboard } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { PageProps } from '../../lib/page';
import { formatDateTime } from '../../lib/format';
import { useUserDashboard } from './api';
import { DashboardHeading, DashboardState, Empty, Figure, Section } from './parts';

/** /app/user and /app/user-dashboard: my drills, my tickets, what I must read, my verification. */
export default function UserDashboardPage({ pageId }: PageProps) {
  const { t } = useTranslation(['dashboards', 'pages']);
  const dashboard = useUserDashboard();
  return (
    <Stack gap="8" data-testid="user-dashboard">
      <DashboardHeading title={t(`pages:${pageId}.title`)} intro={t('user.intro')} />
      {dashboard.data ? <UserView data={dashboard.data} /> : <DashboardState error={dashboard.error} />}
    </Stack>
  );
}

function UserView({ data }: { data: UserDashboard }) {
  const { t, i18n } = useTranslation('dashboards');
  const lng = i18n.language;
  const state = data.verification.state;
  return (
    <Stack gap="8">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <Figure label={t('user.nextDrills')} value={data.nextDrills.length} to="/app/drills/runs" testId="figure-next-drills" />
        <Figure
          label={t('user.attended')}
          value={data.checkIns.attended}
          help={t('user.missed', { count: data.checkIns.missed })}
          to="/app/drills/runs"
          testId="figure-attended"
        />
        <Figure label={t('user.openTickets')} value={data.tickets.open} to="/app/my-tickets" testId="figure-open-tickets" />
        <Figure
          label={t('user.verification')}
          value={t(`user.verificationState.${state ?? 'none'}`)}
          to="/app/profile/id-verification"
          tone={state === 'approved' ? 'success' : state === 'rejected' || state === 'more_info' ? 'danger' : undefined}
          testId="figure-verification"
        />
      </SimpleGrid>

      <Section title={t('user.nextDrills')} to="/app/drills/runs" linkLabel={t('manager.openRuns')}>
        {data.nextDrills.length ? (
          <List.Root variant="plain" gap="2" data-testid="next-drills">
            {data.nextDrills.map((run) => (
              <List.Item key={run.id}>
                <Card.Root variant="outline" width="full">
                  <Card.Body py="3" gap="1">
                    <Link asChild color="brand.fg" fontWeight="medium">
                      <RouterLink to={`/app/drills/console/${run.id}`}>{run.title}</RouterLink>
                    </Link>
                    <Text fontSize="sm" color="fg.muted">
                      {t('user.when', { when: formatDateTime(run.scheduledAt, lng), location: run.location })}
                    </Text>
                    {run.checkedIn && (
                      <Badge colorPalette="green" alignSelf="start">
                        {t('user.checkedIn')}
                      </Badge>
                    )}
                  </Card.Body>
                </Card.Root>
              </List.Item>
            ))}
          </List.Root>
        ) : (
          <Empty text={t('user.noDrills')} to="/app/drills/runs" action={t('user.seeRuns')} />
        )}
      </Section>

      <Section title={t('user.sops')} to="/app/compliance/sops" linkLabel={t('manager.openSops')}>
        {data.sopsToAcknowledge.length ? (
          <List.Root variant="plain" gap="2" data-testid="sops-to-ack">
            {data.sopsToAcknowledge.map((s) => (
              <List.Item key={s.sopId}>
                <Link asChild color="brand.fg">
                  <RouterLink to="/app/compliance/sops">{t('user.sopVersion', { title: s.title, version: s.version })}</RouterLink>
                </Link>
              </List.Item>
            ))}
          </List.Root>
        ) : (
          <Text color="fg.muted">{t('user.sopsDone')}</Text>
        )}
      </Section>

      <Section title={t('user.tickets')} to="/app/my-tickets" linkLabel={t('user.openTicketsLink')}>
        {data.tickets.items.length ? (
          <List.Root variant="plain" gap="2">
            {data.tickets.items.map((ticket) => (
              <List.Item key={ticket.id}>
                <Link asChild color="brand.fg">
                  <RouterLink to={`/app/tickets/${ticket.id}`}>
                    {t('user.ticket', { number: ticket.number, subject: ticket.subject })}
                  </RouterLink>
                </Link>
                <Badge ms="2" size="sm">
                  {t(`user.ticketStatus.${ticket.status}`)}
                </Badge>
              </List.Item>
            ))}
          </List.Root>
        ) : (
          <Empty text={t('user.noTickets')} to="/app/tickets/new" action={t('user.newTicket')} />
        )}
      </Section>
    </Stack>
  );
}
