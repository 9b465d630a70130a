import { Badge, Box, Grid, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import type { SummaryStep } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { formatClock, STEP_STATUS_PALETTE } from '../vocab';
import { Section } from './parts';
import { varianceState } from './summary-figures';
import { BarChart } from '../../../components/charts';
import { isolate } from '../log-text';

const TONE = { over: 'red.fg', within: 'green.fg' } as const;
const WIDE = 'minmax(0, 2.2fr) repeat(4, minmax(0, 1fr))';
/** Two columns of figures on a phone, one row per step from 768 px and on paper. */
const COLUMNS = { base: 'repeat(2, minmax(0, 1fr))', md: WIDE, _print: WIDE };

/**
 * Each step's expected time against what it took, its status and checklist: a chart of both times
 * per step (what ran over in red), then the figures. The chart and the list are for the eye; screen
 * readers get the same figures as one table.
 */
export function StepsSection({ steps }: { steps: SummaryStep[] }) {
  const { t } = useTranslation(['drillSummary', 'drills']);
  const expected = (s: SummaryStep) => t('drills:units.minutes', { count: s.expectedMinutes });
  const variance = (s: SummaryStep) => {
    const state = varianceState(s);
    if (state === null) return '—';
    return t(state === 'over' ? 'steps.over' : 'steps.within', { time: formatClock(Math.abs(s.varianceMs ?? 0)) });
  };

  return (
    <Section id="steps" title={t('sections.steps')} intro={t('steps.intro')}>
      {steps.length === 0 ? (
        <Text color="fg.muted">{t('steps.none')}</Text>
      ) : (
        <Stack gap="3">
          <HStack gap="4" fontSize="xs" color="fg.muted" aria-hidden="true" wrap="wrap">
            <HStack gap="1.5">
              <Box width="4" height="2" borderRadius="full" bg="gray.emphasized" />
              <Text>{t('steps.legendExpected')}</Text>
            </HStack>
            <HStack gap="1.5">
              <Box width="4" height="2" borderRadius="full" bg="green.solid" />
              <Text>{t('steps.legendWithin')}</Text>
            </HStack>
            <HStack gap="1.5">
              <Box width="4" height="2" borderRadius="full" bg="red.solid" />
              <Text>{t('steps.legendOver')}</Text>
            </HStack>
          </HStack>
          <StepsChart steps={steps} />
          <Grid
            templateColumns={COLUMNS}
            columnGap="3"
            display={{ base: 'none', md: 'grid', _print: 'grid' }}
            aria-hidden="true"
            fontSize="xs"
            color="fg.muted"
          >
            <Text>{t('steps.step')}</Text>
            <Text>{t('steps.expected')}</Text>
            <Text>{t('steps.actual')}</Text>
            <Text>{t('steps.variance')}</Text>
            <Text>{t('steps.checklist')}</Text>
          </Grid>
          <Stack as="ol" gap="0" listStyleType="none" aria-hidden="true">
            {steps.map((s, i) => {
              const state = varianceState(s);
              return (
                <Box
                  as="li"
                  key={s.stepId}
                  paddingBlock="3"
                  borderTopWidth={i === 0 ? '0' : '1px'}
                  data-testid="summary-step"
                  data-step-id={s.stepId}
                  data-status={s.status}
                  data-variance={state ?? 'none'}
                  _print={{ breakInside: 'avoid' }}
                >
                  <Grid templateColumns={COLUMNS} columnGap={{ base: '4', md: '3' }} rowGap="1.5" alignItems="start">
                    <Stack gap="0.5" minWidth="0" gridColumn={{ base: 'span 2', md: 'auto', _print: 'auto' }}>
                      <HStack gap="2" align="baseline" wrap="wrap">
                        <Text fontWeight="semibold" wordBreak="break-word">
                          <Text as="span" color="fg.muted" fontWeight="normal" marginEnd="1.5">
                            {t('steps.number', { number: i + 1 })}
                          </Text>
                          <Text as="span" dir="auto">
                            {s.title}
                          </Text>
                        </Text>
                        <Badge size="sm" colorPalette={STEP_STATUS_PALETTE[s.status]}>
                          {t(`drills:stepStatuses.${s.status}`)}
                        </Badge>
                      </HStack>
                      {s.position && (
                        <Text fontSize="sm" color="fg.muted">
                          <Text as="span" dir="auto">
                            {s.position}
                          </Text>
                        </Text>
                      )}
                    </Stack>
                    <StepFigure label={t('steps.expected')} value={expected(s)} />
                    <StepFigure label={t('steps.actual')} value={formatClock(s.durationMs)} />
                    <StepFigure label={t('steps.variance')} value={variance(s)} tone={state ? TONE[state] : undefined} />
                    <StepFigure
                      label={t('steps.checklist')}
                      value={t('steps.checklistCount', { done: s.checklistDone, total: s.checklistTotal })}
                      tone={s.status === 'done' && s.checklistDone < s.checklistTotal ? 'orange.fg' : undefined}
                    />
                  </Grid>
                </Box>
              );
            })}
          </Stack>
          <VisuallyHidden>
            <table>
              <caption>{t('steps.tableCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('steps.step')}</th>
                  <th scope="col">{t('steps.status')}</th>
                  <th scope="col">{t('steps.expected')}</th>
                  <th scope="col">{t('steps.actual')}</th>
                  <th scope="col">{t('steps.variance')}</th>
                  <th scope="col">{t('steps.checklist')}</th>
                </tr>
              </thead>
              <tbody>
                {steps.map((s) => (
                  <tr key={s.stepId}>
                    <th scope="row">
                      {s.position ? t('steps.titleWithPosition', { title: isolate(s.title), position: isolate(s.position) }) : s.title}
                    </th>
                    <td>{t(`drills:stepStatuses.${s.status}`)}</td>
                    <td>{expected(s)}</td>
                    <td>{formatClock(s.durationMs)}</td>
                    <td>{variance(s)}</td>
                    <td>{t('steps.checklistCount', { done: s.checklistDone, total: s.checklistTotal })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </VisuallyHidden>
        </Stack>
      )}
    </Section>
  );
}

/** Longer titles are cut on the chart's axis; the list below gives them whole. */
const AXIS_TITLE_CHARS = 22;

/** Expected and taken minutes per step, as horizontal bars on one scale. */
function StepsChart({ steps }: { steps: SummaryStep[] }) {
  const { t } = useTranslation('drillSummary');
  const names = new Map(
    steps.map((s, i) => {
      const title = s.title.length > AXIS_TITLE_CHARS ? `${s.title.slice(0, AXIS_TITLE_CHARS - 1).trimEnd()}…` : s.title;
      return [s.stepId, `${t('steps.number', { number: i + 1 })} ${title}`];
    }),
  );
  const over = new Set(steps.filter((s) => varianceState(s) === 'over').map((s) => s.stepId));
  const rows = steps.map((s) => ({
    step: s.stepId,
    expected: s.expectedMinutes,
    actual: s.durationMs === null ? null : Math.round(s.durationMs / 6_000) / 10,
  }));
  return (
    <BarChart
      title={t('steps.tableCaption')}
      testId="summary-steps-chart"
      data={rows}
      xKey="step"
      horizontal
      categoryWidth={150}
      height={40 + steps.length * 44}
      formatX={(id) => names.get(id) ?? id}
      formatY={(minutes) => formatClock(minutes * 60_000)}
      noLegend
      ownTable
      series={[
        { key: 'expected', label: t('steps.legendExpected'), color: 'gray.emphasized' },
        { key: 'actual', label: t('steps.actual'), color: 'green.solid' },
      ]}
      barColor={(row, series) => (series === 'actual' && over.has(String(row.step)) ? 'red.solid' : undefined)}
    />
  );
}

function StepFigure({ label, value, tone }: { label: string; value: string; tone?: string }) {
  return (
    <HStack gap="2" justify={{ base: 'space-between', md: 'flex-start' }} align="baseline">
      <Text fontSize="xs" color="fg.muted" display={{ base: 'block', md: 'none', _print: 'none' }}>
        {label}
      </Text>
      <Text fontSize="sm" fontWeight={tone ? 'semibold' : 'normal'} color={tone} fontVariantNumeric="tabular-nums">
        {value}
      </Text>
    </HStack>
  );
}
