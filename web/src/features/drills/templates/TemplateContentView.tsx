import { Badge, Box, Flex, Grid, List, Stack, Text, Timeline } from '@chakra-ui/react';
import type { TemplateContent } from '@muster/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalisedContent } from '../library-text';
import { formatCount } from '../../../lib/format';
import { ScenarioBadge } from '../components';
import { Section, TypeBadge } from './parts';

/** Injects in the order they fall due (the order of the template among equal minutes). */
export function injectsByMinute<T extends { atMinute: number }>(injects: readonly T[]): T[] {
  return injects
    .map((inject, index) => ({ inject, index }))
    .sort((a, b) => a.inject.atMinute - b.inject.atMinute || a.index - b.index)
    .map((x) => x.inject);
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Flex as="div" justify="space-between" gap="3" wrap="wrap" borderBottomWidth="1px" paddingBlock="1.5">
      <Text as="dt" color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <Text as="dd" fontWeight="medium" textAlign="end">
        {children}
      </Text>
    </Flex>
  );
}

/**
 * Everything a template says, laid out for reading: the narrative and facts, objectives,
 * positions, the steps in order (position, minutes, checklist), the injects on a timeline by
 * minute, and the regulations covered. The read view, the builder's read-only mode and quick
 * generate's preview show it.
 */
export function TemplateContentView({ content: stored }: { content: TemplateContent }) {
  const { t, i18n } = useTranslation(['drillTemplates', 'drills']);
  const content = useLocalisedContent(stored);
  const lng = i18n.resolvedLanguage;
  const positionName = (id: string | null) => (id === null ? null : (content.positions.find((p) => p.id === id)?.name ?? id));
  const minutes = (count: number) => t('units.minutes', { ns: 'drills', count });
  const injects = injectsByMinute(content.injects);

  return (
    <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }} gap="5" alignItems="start">
      <Stack gap="5" minWidth="0">
        <Section id="template-scenario" title={t('view.scenario')}>
          {content.description ? (
            <Text whiteSpace="pre-wrap" wordBreak="break-word" dir="auto" data-testid="template-description">
              {content.description}
            </Text>
          ) : (
            <Text color="fg.muted">{t('view.noDescription')}</Text>
          )}
        </Section>

        <Section id="template-steps" title={t('view.steps', { count: formatCount(content.steps.length, lng) })}>
          {content.steps.length === 0 ? (
            <Text color="fg.muted">{t('view.noSteps')}</Text>
          ) : (
            <Stack as="ol" gap="3" listStyleType="none" data-testid="template-steps">
              {content.steps.map((step, index) => {
                const position = positionName(step.positionId);
                return (
                  <Box
                    as="li"
                    key={step.id}
                    borderWidth="1px"
                    borderRadius="l2"
                    padding="3"
                    data-testid="template-step"
                    data-step-id={step.id}
                  >
                    <Flex gap="3" align="flex-start">
                      <Flex
                        flexShrink={0}
                        width="7"
                        height="7"
                        borderRadius="full"
                        bg="brand.solid"
                        color="brand.contrast"
                        align="center"
                        justify="center"
                        fontSize="sm"
                        fontWeight="semibold"
                        aria-hidden="true"
                      >
                        {formatCount(index + 1, lng)}
                      </Flex>
                      <Stack gap="2" flex="1" minWidth="0">
                        <Text fontWeight="semibold" wordBreak="break-word">
                          <Text as="span" srOnly>
                            {t('view.stepNumber', { number: formatCount(index + 1, lng) })}{' '}
                          </Text>
                          <Text as="span" dir="auto">
                            {step.title}
                          </Text>
                        </Text>
                        <Flex gap="2" wrap="wrap">
                          <Badge colorPalette={position ? 'blue' : 'gray'} variant="subtle" data-testid="template-step-position">
                            {position ? t('view.responsible', { position }) : t('view.noPosition')}
                          </Badge>
                          <Badge variant="outline" data-testid="template-step-minutes">
                            {minutes(step.expectedMinutes)}
                          </Badge>
                        </Flex>
                        {step.instructions && (
                          <Text whiteSpace="pre-wrap" wordBreak="break-word" dir="auto" fontSize="sm">
                            {step.instructions}
                          </Text>
                        )}
                        {step.checklist.length > 0 && (
                          <Box>
                            <Text fontSize="sm" fontWeight="medium" color="fg.muted">
                              {t('view.checklist')}
                            </Text>
                            <List.Root as="ul" gap="1" paddingStart="5" fontSize="sm" data-testid="template-checklist">
                              {step.checklist.map((item) => (
                                <List.Item key={item.id} dir="auto">
                                  {item.text}
                                </List.Item>
                              ))}
                            </List.Root>
                          </Box>
                        )}
                      </Stack>
                    </Flex>
                  </Box>
                );
              })}
            </Stack>
          )}
        </Section>

        <Section id="template-injects" title={t('view.injects', { count: formatCount(injects.length, lng) })}>
          {injects.length === 0 ? (
            <Text color="fg.muted">{t('view.noInjects')}</Text>
          ) : (
            <Timeline.Root size="md" data-testid="template-injects">
              {injects.map((inject) => {
                const target = positionName(inject.positionId);
                return (
                  <Timeline.Item key={inject.id} data-testid="template-inject" data-minute={inject.atMinute}>
                    <Timeline.Connector>
                      <Timeline.Separator />
                      <Timeline.Indicator bg="orange.solid" />
                    </Timeline.Connector>
                    <Timeline.Content gap="1" minWidth="0">
                      <Timeline.Title flexWrap="wrap">
                        <Badge colorPalette="orange" variant="subtle" fontVariantNumeric="tabular-nums">
                          {t('view.atMinute', { minute: formatCount(inject.atMinute, lng) })}
                        </Badge>
                        <Text as="span" dir="auto" wordBreak="break-word">
                          {inject.title}
                        </Text>
                      </Timeline.Title>
                      <Timeline.Description>
                        {target ? t('view.injectTo', { position: target }) : t('view.injectToAll')}
                      </Timeline.Description>
                      <Text fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word" dir="auto">
                        {inject.message}
                      </Text>
                    </Timeline.Content>
                  </Timeline.Item>
                );
              })}
            </Timeline.Root>
          )}
        </Section>
      </Stack>

      <Stack gap="5" minWidth="0">
        <Section id="template-facts" title={t('view.facts')}>
          <Stack as="dl" gap="0">
            <Fact label={t('view.type')}>
              <TypeBadge type={content.type} />
            </Fact>
            <Fact label={t('view.scenarioKind')}>
              <ScenarioBadge scenario={content.scenario} />
            </Fact>
            <Fact label={t('view.estimated')}>{minutes(content.estimatedMinutes)}</Fact>
            <Fact label={t('view.musterTarget')}>
              {content.musterTargetMinutes === null ? t('view.noMusterTarget') : minutes(content.musterTargetMinutes)}
            </Fact>
          </Stack>
        </Section>

        <Section id="template-objectives" title={t('view.objectives')}>
          {content.objectives.length === 0 ? (
            <Text color="fg.muted">{t('view.noObjectives')}</Text>
          ) : (
            <List.Root as="ol" gap="1.5" paddingStart="5" data-testid="template-objectives">
              {content.objectives.map((objective, i) => (
                <List.Item key={i} dir="auto" wordBreak="break-word">
                  {objective}
                </List.Item>
              ))}
            </List.Root>
          )}
        </Section>

        <Section id="template-positions" title={t('view.positions')}>
          {content.positions.length === 0 ? (
            <Text color="fg.muted">{t('view.noPositions')}</Text>
          ) : (
            <Stack as="ul" gap="2" listStyleType="none" data-testid="template-positions">
              {content.positions.map((p) => (
                <Box as="li" key={p.id}>
                  <Text fontWeight="medium" dir="auto">
                    {p.name}
                  </Text>
                  {p.description && (
                    <Text fontSize="sm" color="fg.muted" dir="auto" wordBreak="break-word">
                      {p.description}
                    </Text>
                  )}
                </Box>
              ))}
            </Stack>
          )}
        </Section>

        <Section id="template-regulations" title={t('view.regulations')}>
          {content.regulations.length === 0 ? (
            <Text color="fg.muted">{t('view.noRegulations')}</Text>
          ) : (
            <List.Root as="ul" gap="1" paddingStart="5" data-testid="template-regulations">
              {content.regulations.map((r) => (
                <List.Item key={r} data-regulation={r}>
                  {t(`regulations.${r}`, { ns: 'drills' })}
                </List.Item>
              ))}
            </List.Root>
          )}
        </Section>
      </Stack>
    </Grid>
  );
}
