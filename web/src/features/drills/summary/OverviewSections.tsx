import { Badge, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { DrillSummary } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../vocab';
import { Figure, Section } from './parts';
import { glance } from './summary-figures';

/** What the drill set out to test: the scenario read to participants, its objectives and the rules it covers. */
export function ObjectivesSection({ summary }: { summary: DrillSummary }) {
  const { t } = useTranslation(['drillSummary', 'drills']);
  const { template } = summary.run;
  return (
    <Section id="objectives" title={t('sections.objectives')}>
      <Stack gap="4">
        {template.description && (
          <Stack gap="1">
            <Text as="h3" fontWeight="semibold">
              {t('objectives.scenario')}
            </Text>
            <Text whiteSpace="pre-wrap" wordBreak="break-word" dir="auto">
              {template.description}
            </Text>
          </Stack>
        )}
        <Stack gap="1">
          <Text as="h3" fontWeight="semibold">
            {t('objectives.objectives')}
          </Text>
          {template.objectives.length === 0 ? (
            <Text color="fg.muted">{t('objectives.none')}</Text>
          ) : (
            <Stack as="ol" gap="1" paddingInlineStart="5" listStyleType="decimal" data-testid="summary-objectives">
              {template.objectives.map((objective, i) => (
                <Text as="li" key={i} dir="auto">
                  {objective}
                </Text>
              ))}
            </Stack>
          )}
        </Stack>
        {template.regulations.length > 0 && (
          <Stack gap="1">
            <Text as="h3" fontWeight="semibold">
              {t('objectives.regulations')}
            </Text>
            <HStack gap="2" wrap="wrap">
              {template.regulations.map((r) => (
                <Badge key={r} variant="outline">
                  {t(`drills:regulations.${r}`)}
                </Badge>
              ))}
            </HStack>
          </Stack>
        )}
      </Stack>
    </Section>
  );
}

/** The figures of the run at a glance: steps, time, attendance, injects, observations, actions. */
export function FiguresSection({ summary }: { summary: DrillSummary }) {
  const { t } = useTranslation(['drillSummary', 'drills']);
  const g = glance(summary);
  const { attendance } = summary;
  return (
    <Section id="figures" title={t('sections.figures')}>
      <SimpleGrid columns={{ base: 2, xl: 4 }} gap="3" data-testid="summary-figures">
        <Figure
          label={t('figures.steps')}
          value={t('figures.ofTotal', { done: g.stepsDone, total: g.stepsTotal })}
          help={t('figures.stepsHelp', { skipped: g.stepsSkipped, over: g.stepsOver })}
          testId="figure-steps"
        />
        <Figure
          label={t('figures.duration')}
          value={formatClock(summary.durationMs)}
          help={t('figures.durationHelp', { minutes: summary.run.template.estimatedMinutes })}
        />
        <Figure
          label={t('figures.attendance')}
          value={t('figures.ofTotal', { done: attendance.present, total: attendance.roster })}
          help={
            attendance.metTarget === null
              ? t('figures.musterNoTarget', { time: formatClock(attendance.musterMs) })
              : attendance.metTarget
                ? t('figures.musterMet', { time: formatClock(attendance.musterMs) })
                : t('figures.musterMissed', { time: formatClock(attendance.musterMs) })
          }
          tone={attendance.metTarget === false ? 'red.fg' : undefined}
        />
        <Figure
          label={t('figures.injects')}
          value={t('figures.ofTotal', { done: g.injectsPublished, total: g.injectsTotal })}
          help={t('figures.injectsHelp')}
        />
        <Figure label={t('figures.strengths')} value={String(g.strengths)} />
        <Figure label={t('figures.improvements')} value={String(g.improvements)} />
        <Figure label={t('figures.actions')} value={String(g.actionsTotal)} help={t('figures.actionsHelp', { open: g.actionsOpen })} />
      </SimpleGrid>
    </Section>
  );
}
