import { Button, SimpleGrid, Stack, Stat } from '@chakra-ui/react';
import { TICKET_CATEGORIES, TICKET_PRIORITIES, type TicketAnalytics } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { BarChart, LineChart } from '../../components/charts';
import { EmptyList, SelectField } from '../../components/list';
import type { PageProps } from '../../lib/page';
import { useListParams } from '../../lib/useListParams';
import { useTicketAnalytics } from './api';
import { AnalyticsFrame, ChartPanel, type ChosenPoint } from './parts';
import { columnTotal, monthLabel } from './query';

const KEYS = ['from', 'to', 'priority', 'category'] as const;
const PRIORITY_COLORS: Record<string, string> = { low: 'gray.solid', normal: 'blue.solid', high: 'orange.solid', urgent: 'red.solid' };

/** /app/analytics/tickets: backlog and its age, response and resolution times, SLA breaches, CSAT, by priority and category. */
export default function TicketAnalyticsPage({ pageId }: PageProps) {
  const { t } = useTranslation(['analytics', 'pages', 'tickets']);
  const { values, update } = useListParams(KEYS);
  const analytics = useTicketAnalytics(values);
  return (
    <AnalyticsFrame
      area="tickets"
      title={t(`pages:${pageId}.title`)}
      subtitle={t('tickets.intro', { zone: analytics.data?.timeZone ?? '' })}
      other={{ to: '/app/analytics/drills', label: t('tickets.toDrills') }}
      values={values}
      update={update}
      query={analytics}
      skeletonCharts={7}
      filters={
        <>
          <SelectField
            label={t('filters.priority')}
            value={values.priority}
            onChange={(priority) => update({ priority })}
            testId="filter-priority"
            options={[
              { value: '', label: t('filters.allPriorities') },
              ...TICKET_PRIORITIES.map((p) => ({ value: p, label: t(`tickets:priority.${p}`) })),
            ]}
          />
          <SelectField
            label={t('filters.category')}
            value={values.category}
            onChange={(category) => update({ category })}
            testId="filter-category"
            options={[
              { value: '', label: t('filters.allCategories') },
              ...TICKET_CATEGORIES.map((c) => ({ value: c, label: t(`tickets:category.${c}`) })),
            ]}
          />
        </>
      }
    >
      {(data, onChoose) => <TicketCharts data={data} filters={values} onChoose={onChoose} />}
    </AnalyticsFrame>
  );
}

function TicketCharts({
  data,
  filters,
  onChoose,
}: {
  data: TicketAnalytics;
  filters: Record<string, string>;
  onChoose: (p: ChosenPoint) => void;
}) {
  const { t, i18n } = useTranslation(['analytics', 'tickets']);
  const lng = i18n.language;
  const month = (m: string) => monthLabel(m, lng);
  const age = (a: string) => t(`ages.${a}`);
  const category = (c: string) => t(`tickets:category.${c}`);
  const hours = (v: number) => t('units.hours', { value: v });
  const { charts } = data;
  const opened = columnTotal(charts.slaBreaches.rows, 'opened');
  const breached = columnTotal(charts.slaBreaches.rows, 'firstResponse') + columnTotal(charts.slaBreaches.rows, 'resolution');
  const openNow =
    columnTotal(charts.backlogAge.rows, 'low') +
    columnTotal(charts.backlogAge.rows, 'normal') +
    columnTotal(charts.backlogAge.rows, 'high') +
    columnTotal(charts.backlogAge.rows, 'urgent');
  const panel = { area: 'tickets' as const, filters, onChoose };
  const choose = (chart: string, format: (k: string) => string) => (row: Record<string, unknown>) =>
    onChoose({ chart, key: String(row.key), label: format(String(row.key)) });

  if (opened === 0 && openNow === 0) {
    return (
      <EmptyList
        title={t('tickets.emptyTitle')}
        text={t('tickets.emptyText')}
        testId="analytics-empty"
        action={
          <Button asChild size="sm" colorPalette="brand">
            <RouterLink to="/app/tickets">{t('tickets.emptyAction')}</RouterLink>
          </Button>
        }
      />
    );
  }

  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <Stat.Root borderWidth="1px" borderRadius="l2" padding="4">
          <Stat.Label>{t('stats.opened')}</Stat.Label>
          <Stat.ValueText>{opened}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root borderWidth="1px" borderRadius="l2" padding="4">
          <Stat.Label>{t('stats.backlog')}</Stat.Label>
          <Stat.ValueText>{openNow}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root borderWidth="1px" borderRadius="l2" padding="4">
          <Stat.Label>{t('stats.breaches')}</Stat.Label>
          <Stat.ValueText color={breached ? 'fg.error' : undefined}>{breached}</Stat.ValueText>
        </Stat.Root>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <ChartPanel {...panel} chart="backlog" title={t('charts.backlog')} series={charts.backlog} formatKey={month}>
          <LineChart
            title={t('charts.backlog')}
            data={charts.backlog.rows}
            xKey="key"
            formatX={month}
            onPointClick={choose('backlog', month)}
            series={[{ key: 'open', label: t('columns.open'), color: 'brand.solid' }]}
          />
        </ChartPanel>
        <ChartPanel {...panel} chart="backlogAge" title={t('charts.backlogAge')} series={charts.backlogAge} formatKey={age}>
          <BarChart
            title={t('charts.backlogAge')}
            data={charts.backlogAge.rows}
            xKey="key"
            formatX={age}
            categorical
            onPointClick={choose('backlogAge', age)}
            series={TICKET_PRIORITIES.map((p) => ({
              key: p,
              label: t(`tickets:priority.${p}`),
              color: PRIORITY_COLORS[p]!,
              stackId: 'age',
            }))}
          />
        </ChartPanel>
        <ChartPanel {...panel} chart="responseTimes" title={t('charts.responseTimes')} series={charts.responseTimes} formatKey={month}>
          <LineChart
            title={t('charts.responseTimes')}
            data={charts.responseTimes.rows}
            xKey="key"
            formatX={month}
            formatY={hours}
            onPointClick={choose('responseTimes', month)}
            series={[
              { key: 'firstResponseP50Hours', label: t('columns.firstResponseP50Hours'), color: 'brand.solid' },
              { key: 'firstResponseP90Hours', label: t('columns.firstResponseP90Hours'), color: 'brand.solid', dashed: true },
              { key: 'resolutionP50Hours', label: t('columns.resolutionP50Hours'), color: 'orange.solid' },
              { key: 'resolutionP90Hours', label: t('columns.resolutionP90Hours'), color: 'orange.solid', dashed: true },
            ]}
          />
        </ChartPanel>
        <ChartPanel {...panel} chart="slaBreaches" title={t('charts.slaBreaches')} series={charts.slaBreaches} formatKey={month}>
          <BarChart
            title={t('charts.slaBreaches')}
            data={charts.slaBreaches.rows}
            xKey="key"
            formatX={month}
            onPointClick={choose('slaBreaches', month)}
            series={[
              { key: 'firstResponse', label: t('columns.firstResponse'), color: 'orange.solid' },
              { key: 'resolution', label: t('columns.resolution'), color: 'red.solid' },
            ]}
          />
        </ChartPanel>
        <ChartPanel {...panel} chart="csat" title={t('charts.csat')} series={charts.csat} formatKey={month}>
          <LineChart
            title={t('charts.csat')}
            data={charts.csat.rows}
            xKey="key"
            formatX={month}
            valueDomain={[0, 5]}
            onPointClick={choose('csat', month)}
            series={[{ key: 'average', label: t('columns.average'), color: 'green.solid' }]}
          />
        </ChartPanel>
        <ChartPanel {...panel} chart="byPriority" title={t('charts.byPriority')} series={charts.byPriority} formatKey={month}>
          <BarChart
            title={t('charts.byPriority')}
            data={charts.byPriority.rows}
            xKey="key"
            formatX={month}
            onPointClick={choose('byPriority', month)}
            series={TICKET_PRIORITIES.map((p) => ({
              key: p,
              label: t(`tickets:priority.${p}`),
              color: PRIORITY_COLORS[p]!,
              stackId: 'priority',
            }))}
          />
        </ChartPanel>
        <ChartPanel {...panel} chart="byCategory" title={t('charts.byCategory')} series={charts.byCategory} formatKey={category}>
          <BarChart
            title={t('charts.byCategory')}
            data={charts.byCategory.rows}
            xKey="key"
            formatX={category}
            categorical
            onPointClick={choose('byCategory', category)}
            series={[
              { key: 'opened', label: t('columns.opened'), color: 'brand.solid' },
              { key: 'open', label: t('columns.open'), color: 'orange.solid' },
            ]}
          />
        </ChartPanel>
      </SimpleGrid>
    </Stack>
  );
}
