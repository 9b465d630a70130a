import { Badge, Button, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { CorrectiveAction, DrillSummary, Observation } from '@muster/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../vocab';
import { Section } from './parts';
import { isolate } from '../log-text';

const KIND_PALETTE = { strength: 'green', improvement: 'orange' } as const;

/** One observation: what was seen, by whom, at which drill time, and what it is about. */
export function ObservationNote({
  observation,
  about,
  showKind,
  testId,
  children,
}: {
  observation: Observation;
  /** The step or inject it is linked to, in words. */
  about?: string | null;
  showKind?: boolean;
  testId: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation(['drillSummary', 'drills']);
  return (
    <Stack
      as="li"
      gap="1"
      borderWidth="1px"
      borderRadius="l2"
      padding="3"
      borderInlineStartWidth="4px"
      borderInlineStartColor={`${KIND_PALETTE[observation.kind]}.solid`}
      data-testid={testId}
      data-kind={observation.kind}
      data-observation-id={observation.id}
      _print={{ breakInside: 'avoid' }}
    >
      {showKind && (
        <Badge size="sm" colorPalette={KIND_PALETTE[observation.kind]} alignSelf="flex-start">
          {t(`drills:observationKinds.${observation.kind}`)}
        </Badge>
      )}
      <Text whiteSpace="pre-wrap" wordBreak="break-word" dir="auto">
        {observation.note}
      </Text>
      <Text fontSize="xs" color="fg.muted">
        {observation.elapsedMs === null
          ? t('observations.byAuthor', { name: isolate(observation.author.name) })
          : t('observations.byAuthorAt', { name: isolate(observation.author.name), time: formatClock(observation.elapsedMs) })}
      </Text>
      {about && (
        <Text fontSize="xs" color="fg.muted">
          {about}
        </Text>
      )}
      {children}
    </Stack>
  );
}

/**
 * Observations grouped as strengths and areas for improvement (the HSEEP analysis). Next to each
 * area for improvement, those who may add corrective actions find "Create an action from this";
 * the actions already made from it are named.
 */
export function ObservationsSection({
  summary,
  canAct,
  onCreateAction,
}: {
  summary: DrillSummary;
  canAct: boolean;
  onCreateAction: (observation: Observation) => void;
}) {
  const { t } = useTranslation(['drillSummary', 'drills']);
  const stepTitles = new Map(summary.steps.map((s) => [s.stepId, s.title]));
  const injectTitles = new Map(summary.injects.map((i) => [i.injectId, i.title]));
  const actionsOf = new Map<string, CorrectiveAction[]>();
  for (const action of summary.actions) {
    if (action.observationId) actionsOf.set(action.observationId, [...(actionsOf.get(action.observationId) ?? []), action]);
  }
  const about = (o: Observation) => {
    const step = o.stepId ? stepTitles.get(o.stepId) : undefined;
    if (step) return t('observations.aboutStep', { step: isolate(step) });
    const inject = o.injectId ? injectTitles.get(o.injectId) : undefined;
    return inject ? t('observations.aboutInject', { inject: isolate(inject) }) : null;
  };
  const groups = [
    {
      kind: 'strength' as const,
      title: t('observations.strengths'),
      items: summary.observations.strengths,
      empty: t('observations.noStrengths'),
    },
    {
      kind: 'improvement' as const,
      title: t('observations.improvements'),
      items: summary.observations.improvements,
      empty: t('observations.noImprovements'),
    },
  ];
  return (
    <Section id="observations" title={t('sections.observations')}>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
        {groups.map((group) => (
          <Stack key={group.kind} gap="2" as="section" aria-labelledby={`summary-observations-${group.kind}`}>
            <HStack gap="2">
              <Text as="h3" fontWeight="semibold" id={`summary-observations-${group.kind}`}>
                {group.title}
              </Text>
              <Badge colorPalette={KIND_PALETTE[group.kind]}>{group.items.length}</Badge>
            </HStack>
            {group.items.length === 0 ? (
              <Text color="fg.muted" fontSize="sm">
                {group.empty}
              </Text>
            ) : (
              <Stack as="ul" gap="2" listStyleType="none">
                {group.items.map((o) => {
                  const linked = actionsOf.get(o.id) ?? [];
                  return (
                    <ObservationNote key={o.id} observation={o} about={about(o)} testId="summary-observation">
                      {linked.map((a) => (
                        <Text key={a.id} fontSize="sm" data-testid="observation-action">
                          {t('observations.linkedAction', { title: isolate(a.title), owner: isolate(a.owner.name) })}
                        </Text>
                      ))}
                      {group.kind === 'improvement' && canAct && (
                        <Button
                          size="xs"
                          variant="outline"
                          alignSelf="flex-start"
                          marginTop="1"
                          onClick={() => onCreateAction(o)}
                          data-testid="observation-create-action"
                          _print={{ display: 'none' }}
                        >
                          {t('observations.createAction')}
                        </Button>
                      )}
                    </ObservationNote>
                  );
                })}
              </Stack>
            )}
          </Stack>
        ))}
      </SimpleGrid>
    </Section>
  );
}
