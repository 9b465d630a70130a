import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSysopsDashboard } from './api';
import { DashboardHeading, DashboardState, Figure, Section } from './parts';

/** The support queues at a glance (the top of /app/sysops). */
export function SysopsDashboard({ title }: { title: string }) {
  const { t } = useTranslation('dashboards');
  const { data, error } = useSysopsDashboard();
  return (
    <Stack gap="8" data-testid="sysops-dashboard">
      <DashboardHeading title={title} intro={t('sysops.intro')} />
      {!data ? (
        <DashboardState error={error} />
      ) : (
        <Stack gap="8">
          <Section title={t('sysops.chat')} to="/app/sysops/live-chat" linkLabel={t('sysops.openChat')}>
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
              <Figure
                label={t('sysops.queued')}
                value={data.chat.queued}
                to="/app/sysops/live-chat"
                tone={data.chat.queued > 0 ? 'warning' : undefined}
                testId="figure-chat-queued"
              />
              <Figure label={t('sysops.active')} value={data.chat.active} to="/app/sysops/live-chat" testId="figure-chat-active" />
              <Figure label={t('sysops.online')} value={data.chat.operatorsOnline} to="/app/sysops/live-chat" testId="figure-operators" />
            </SimpleGrid>
          </Section>
          <Section title={t('sysops.tickets')} to="/app/sysops/tickets" linkLabel={t('sysops.openTickets')}>
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
              <Figure
                label={t('sysops.breached')}
                value={data.tickets.breached}
                to="/app/sysops/tickets"
                tone={data.tickets.breached > 0 ? 'danger' : undefined}
                testId="figure-tickets-breached"
              />
              <Figure
                label={t('sysops.dueSoon')}
                value={data.tickets.dueSoon}
                to="/app/sysops/tickets"
                tone={data.tickets.dueSoon > 0 ? 'warning' : undefined}
                testId="figure-tickets-due-soon"
              />
              <Figure label={t('sysops.onTrack')} value={data.tickets.onTrack} to="/app/sysops/tickets" testId="figure-tickets-on-track" />
            </SimpleGrid>
          </Section>
          <Section title={t('sysops.accounts')}>
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
              <Figure
                label={t('sysops.idWaiting')}
                value={data.idVerification.waiting}
                help={t('sysops.idInReview', { count: data.idVerification.inReview })}
                to="/app/sysops/id-verification"
                testId="figure-id-waiting"
              />
              <Figure
                label={t('sysops.suspended')}
                value={data.accounts.suspended}
                to="/app/sysops/suspensions"
                testId="figure-suspended"
              />
              <Figure label={t('sysops.frozen')} value={data.accounts.frozen} to="/app/sysops/frozen-accounts" testId="figure-frozen" />
              <Figure label={t('sysops.locked')} value={data.accounts.locked} to="/app/sysops/unlock" testId="figure-locked" />
              <Figure
                label={t('sysops.articles')}
                value={data.knowledgeInReview}
                to="/app/sysops/knowledge-review"
                testId="figure-articles"
              />
            </SimpleGrid>
          </Section>
        </Stack>
      )}
    </Stack>
  );
}
