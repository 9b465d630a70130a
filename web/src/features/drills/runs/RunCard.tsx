import { Button, Card, Flex, Link, Stack, Text } from '@chakra-ui/react';
import type { DrillRunSummary } from '@muster/contracts';
import { Trans, useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';
import { RunStatusBadge, ScenarioBadge } from '../components';
import { RUN_STATUS_PALETTE } from '../vocab';
import { CancelRunDialog } from './CancelRunDialog';
import { PlanDialog } from './PlanDialog';
import { runActions } from './params';

export const consolePath = (id: string) => `/app/drills/console/${id}`;
export const summaryPath = (id: string) => `/app/drills/runs/${id}/summary`;

/** One run in the list: title (to the console), state, when and where, lead and roster, and what one may do. */
export function RunCard({ run, me }: { run: DrillRunSummary; me: { userId: string; role: string } }) {
  const { t, i18n } = useTranslation('drillRuns');
  const actions = runActions(run, me);
  const isLead = run.lead.id === me.userId;
  return (
    <Card.Root
      as="li"
      variant="outline"
      borderInlineStartWidth="4px"
      borderInlineStartColor={`${RUN_STATUS_PALETTE[run.status]}.solid`}
      data-testid="run-row"
      data-run-id={run.id}
      data-status={run.status}
    >
      <Card.Body padding={{ base: '3', md: '4' }}>
        <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-start' }}>
          <Stack gap="2" flex="1" minWidth="0">
            <Link asChild fontWeight="semibold" wordBreak="break-word" alignSelf="flex-start">
              <RouterLink to={consolePath(run.id)} dir="auto" data-testid="run-title">
                {run.title}
              </RouterLink>
            </Link>
            <Flex gap="2" wrap="wrap" align="center">
              <RunStatusBadge status={run.status} />
              <ScenarioBadge scenario={run.scenario} />
            </Flex>
            <Flex gap={{ base: '1', md: '4' }} wrap="wrap" direction={{ base: 'column', md: 'row' }} fontSize="sm" color="fg.muted">
              <Text data-testid="run-when">{t('row.when', { when: formatDateTime(run.scheduledAt, i18n.resolvedLanguage) })}</Text>
              <Text data-testid="run-where">
                <Trans t={t} i18nKey="row.where" values={{ location: run.location }} components={{ place: <bdi /> }} />
              </Text>
              <Text>{isLead ? t('row.leadYou') : t('row.lead', { name: run.lead.name })}</Text>
              <Text>{t('row.roster', { count: run.participantCount })}</Text>
            </Flex>
          </Stack>
          <Flex gap="2" wrap="wrap" flexShrink={0} justify={{ base: 'flex-start', md: 'flex-end' }}>
            <Button asChild size="sm" variant="outline" colorPalette="brand">
              <RouterLink to={consolePath(run.id)} data-testid="run-open-console">
                {t('actions.console')}
              </RouterLink>
            </Button>
            {actions.summary && (
              <Button asChild size="sm" variant="outline">
                <RouterLink to={summaryPath(run.id)} data-testid="run-open-summary">
                  {t('actions.summary')}
                </RouterLink>
              </Button>
            )}
            {actions.changePlan && <PlanDialog run={run} />}
            {actions.cancel && <CancelRunDialog run={run} />}
          </Flex>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
