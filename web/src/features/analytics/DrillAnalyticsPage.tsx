import { Button, SimpleGrid, Stack, Stat } from '@chakra-ui/react';
import { DRILL_SCENARIOS, type DrillAnalytics } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { BarChart, LineChart } from '../../components/charts';
import { EmptyList, SelectField } from '../../components/list';
import type { PageProps } from '../../lib/page';
import { useListParams } from '../../lib/useListParams';
import { useDrillAnalytics } from './api';
import { AnalyticsFrame, ChartPanel, type ChosenPoint } from './parts';
import { columnTotal, monthLabel } from './query';

const KEYS = ['from', 'to', 'scenario', 'location'] as const;

/** /app/analytics/drills: runs, cadence, attendance, time to muster, steps, observations and actions over months. */
export default function DrillAnalyticsPage({ pageId }: PageProps) {
  const { t } = useTranslation(['analytics', 'pages', 'drills']);
  const { values, update } = useListParams(KEYS);
  const analytics = useDrillAnalytics(values);
  return (
    <AnalyticsFrame
      area="drills"
      title={t(`pages:${pageId}.title`)}
      subtitle={t('drills.intro', { zone: analytics.data?.timeZone ?? '' })}
      other={{ to: '/app/analytics/tickets', label: t('drills.toTickets') }}
      values={values}
      update={update}
      query={analytics}
      skeletonCharts={8}
      filters={
        <>
          <SelectField
            label={t('filters.scenario')}
            value={values.scenario}
            onChange={(scenario) => update({ scenario })}
            testId="filter-scenario"
            options={[
              { value: '', label: t('filters.allScenarios') },
              ...DRILL_SCENARIOS.map((s) => ({ value: s, label: t(`drills:scenarios.${s}`) })),
            ]}
          />
          <SelectField
            label={t('filters.location')}
            value={values.location}
            onChange={(location) => update({ location })}
            testId="filter-location"
            options={[
              { value: '', label: t('filters.allLocations') },
              ...(analytics.data?.locations ?? []).map((l) => ({ value: l, label: l })),
            ]}
          />
        </>
      }
    >
      {(data, onChoose) => <DrillCharts data={data} filters={values} onChoose={onChoose} />}
    </AnalyticsFrame>
  );
}

function DrillCharts({
  data,
  filters,
  onChoose,
}: {
  data: DrillAnalytics;
  filters: Record<string, string>;
  onChoose: (p: ChosenPoint) => void;
}) {
  const { t, i18n } = useTranslation(['analytics', 'drills']);
  const lng = i18n.language;
  const month = (m: string) => monthLabel(m, lng);
  const scenario = (s: string) => t(`drills:scenarios.${s}`);
  const { charts } = data;
  const totalRuns = columnTotal(charts.runsByMonth.rows, 'completed');
  const onTime = columnTotal(charts.onTime.rows, 'onTime');
  const measured = onTime + columnTotal(charts.onTime.rows, 'late');
  const rostered = columnTotal(charts.attendance.rows, 'rostered');
  const checkedIn = columnTotal(charts.attendance.rows, 'checkedIn');
  const percent = (part: number, whole: number) =>
    whole ? new Intl.NumberFormat(lng, { style: 'percent', maximumFractionDigits: 0, numberingSystem: 'latn' }).format(part / whole) : '—';
  const minutes = (v: number) => t('units.minutes', { value: v });
  const panel = { area: 'drills' as const, filters, onChoose };
  const choose = (chart: string, format: (k: string) => string) => (row: Record<string, unknown>) =>
    onChoose({ chart, key: String(row.key), label: format(String(row.key)) });

  if (
    columnTotal(charts.runsByMonth.rows, 'completed') +
      columnTotal(charts.runsByMonth.rows, 'planned') +
      columnTotal(charts.runsByMonth.rows, 'cancelled') ===
    0
  ) {
    return (
      <EmptyList
        title={t('drills.emptyTitle')}
        text={t('drills.emptyText')}
        testId="analytics-empty"
        action={
          <Button asChild size="sm" colorPalette="brand">
            <RouterLink to="/app/drills/runs">{t('drills.emptyAction')}</RouterLink>
          </Button>
        }
      />
    );
  }

  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <Stat.Root borderWidth="1px" borderRadius="l2" padding="4" data-testid="stat-runs">
          <Stat.Label>{t('stats.completedRuns')}</Stat.Label>
          <Stat.ValueText>{totalRuns}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root borderWidth="1px" borderRadius="l2" padding="4">
          <Stat.Label>{t('stats.onTime')}</Stat.Label>
          <Stat.ValueText>{percent(onTime, measured)}</Stat.ValueText>
          <Stat.HelpText>{t('stats.measured', { count: measured })}</Stat.HelpText>
        </Stat.Root>
        <Stat.Root borderWidth="1px" borderRadius="l2" padding="4">
          <Stat.Label>{t('stats.attendance')}</Stat.Label>
          <Stat.ValueText>{percent(checkedIn, rostered)}</Stat.ValueText>
          <Stat.HelpText>{t('stats.checkedIn', { count: checkedIn, total: rostered })}</Stat.HelpText>
        </Stat.Root>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <ChartPanel {...panel} chart="runsByMonth" title={t('charts.runsByMonth')} series={charts.runsByMonth} formatKey={month}>
          <BarChart
            title={t('charts.runsByMonth')}
            testId="bars-runsByMonth"
            data={charts.runsByMonth.rows}
            xKey="key"
            formatX={month}
            onPointClick={choose('runsByMonth', month)}
            series={[
              { key: 'completed', label: t('columns.completed'), color: 'teal.solid', stackId: 'runs' },
              { key: 'planned', label: t('columns.planned'), color: 'blue.solid', stackId: 'runs' },
              { key: 'cancelled', label: t('columns.cancelled'), color: 'gray.solid', stackId: 'runs' },
            ]}
          />
        </ChartPanel>
        <ChartPanel
          {...panel}
          chart="runsByScenario"
          title={t('charts.runsByScenario')}
          series={charts.runsByScenario}
          formatKey={scenario}
        >
          <BarChart
            title={t('charts.runsByScenario')}
            data={charts.runsByScenario.rows}
            xKey="key"
            formatX={scenario}
            categorical
            onPointClick={choose('runsByScenario', scenario)}
            series={[{ key: 'runs', label: t('columns.runs'), color: 'brand.solid' }]}
          />
        </ChartPanel>
        <ChartPanel {...panel} chart="onTime" title={t('charts.onTime')} series={charts.onTime} formatKey={month}>
          <BarChart
            title={t('charts.onTime')}
            data={charts.onTime.rows}
            xKey="key"
            formatX={month}
            onPointClick={choose('onTime', month)}
            series={[
              { key: 'onTime', label: t('columns.onTime'), color: 'green.solid', stackId: 'cadence' },
              { key: 'late', label: t('columns.late'), color: 'red.solid', stackId: 'cadence' },
            ]}
          />
        </ChartPanel>
        <ChartPanel {...panel} chart="attendance" title={t('charts.attendance')} series={charts.attendance} formatKey={month}>
          <BarChart
            title={t('charts.attendance')}
            data={charts.attendance.rows}
            xKey="key"
            formatX={month}
            onPointClick={choose('attendance', month)}
            series={[
              { key: 'rostered', label: t('columns.rostered'), color: 'gray.solid' },
              { key: 'checkedIn', label: t('columns.checkedIn'), color: 'teal.solid' },
            ]}
          />
        </ChartPanel>
        <ChartPanel {...panel} chart="muster" title={t('charts.muster')} series={charts.muster} formatKey={month}>
          <LineChart
            title={t('charts.muster')}
            data={charts.muster.rows}
            xKey="key"
            formatX={month}
            formatY={minutes}
            onPointClick={choose('muster', month)}
            series={[
              { key: 'p50Minutes', label: t('columns.p50Minutes'), color: 'brand.solid' },
              { key: 'p90Minutes', label: t('columns.p90Minutes'), color: 'orange.solid' },
              { key: 'targetMinutes', label: t('columns.targetMinutes'), color: 'red.solid', dashed: true },
            ]}
          />
        </ChartPanel>
        <ChartPanel {...panel} chart="steps" title={t('charts.steps')} series={charts.steps} formatKey={String}>
          <BarChart
            title={t('charts.steps')}
            data={charts.steps.rows}
            xKey="key"
            horizontal
            height={Math.max(160, 48 + charts.steps.rows.length * 44)}
            formatY={minutes}
            onPointClick={choose('steps', String)}
            series={[
              { key: 'medianMinutes', label: t('columns.medianMinutes'), color: 'brand.solid' },
              { key: 'expectedMinutes', label: t('columns.expectedMinutes'), color: 'gray.solid' },
            ]}
          />
        </ChartPanel>
        <ChartPanel {...panel} chart="observations" title={t('charts.observations')} series={charts.observations} formatKey={month}>
          <BarChart
            title={t('charts.observations')}
            data={charts.observations.rows}
            xKey="key"
            formatX={month}
            onPointClick={choose('observations', month)}
            series={[
              { key: 'strength', label: t('drills:observationKinds.strength'), color: 'green.solid', stackId: 'kind' },
              { key: 'improvement', label: t('drills:observationKinds.improvement'), color: 'orange.solid', stackId: 'kind' },
            ]}
          />
        </ChartPanel>
        <ChartPanel {...panel} chart="actions" title={t('charts.actions')} series={charts.actions} formatKey={month}>
          <BarChart
            title={t('charts.actions')}
            data={charts.actions.rows}
            xKey="key"
            formatX={month}
            onPointClick={choose('actions', month)}
            series={[
              { key: 'opened', label: t('columns.opened'), color: 'orange.solid' },
              { key: 'closed', label: t('columns.closed'), color: 'teal.solid' },
            ]}
          />
        </ChartPanel>
      </SimpleGrid>
    </Stack>
  );
}
