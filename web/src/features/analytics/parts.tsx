import {
  Badge,
  Box,
  Button,
  Card,
  CloseButton,
  Drawer,
  Heading,
  HStack,
  Input,
  Link,
  Portal,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { drawerSlotRecipe } from '@chakra-theme/recipes/drawer';
import { emptyStateSlotRecipe } from '@chakra-theme/recipes/empty-state';
import { inputRecipe } from '@chakra-theme/recipes/input';
import { statSlotRecipe } from '@chakra-theme/recipes/stat';
import { tableSlotRecipe } from '@chakra-theme/recipes/table';
import type { AnalyticsRun, AnalyticsTicket, ChartSeries } from '@muster/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LoadError } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { addRecipes } from '../../components/ui/system';
import { formatDateTime } from '../../lib/format';
import { csvUrl, usePointItems, type AnalyticsArea } from './api';
import type { FilterValues } from './query';

addRecipes({
  recipes: { input: inputRecipe },
  slotRecipes: { drawer: drawerSlotRecipe, emptyState: emptyStateSlotRecipe, stat: statSlotRecipe, table: tableSlotRecipe },
});

/** One point a reader chose: which chart, which row, and how the row is named. */
export interface ChosenPoint {
  chart: string;
  key: string;
  label: string;
}

/**
 * A chart's card: its title, its CSV (the same rows), the chart, and its figures as a table whose
 * first cells open the runs or tickets behind each row (the keyboard way to a point).
 */
export function ChartPanel({
  area,
  chart,
  title,
  filters,
  series,
  formatKey,
  formatCell,
  onChoose,
  children,
}: {
  area: AnalyticsArea;
  chart: string;
  title: string;
  filters: FilterValues;
  series: ChartSeries;
  formatKey: (key: string) => string;
  formatCell?: (column: string, value: number) => string;
  onChoose: (point: ChosenPoint) => void;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation('analytics');
  const [showTable, setShowTable] = useState(false);
  const headingId = useId();
  const empty = series.rows.length === 0;
  return (
    <Card.Root as="section" aria-labelledby={headingId} data-testid={`chart-${chart}`} minWidth="0">
      <Card.Header>
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Heading as="h2" size="md" id={headingId}>
            {title}
          </Heading>
          <HStack gap="1">
            <Button size="xs" variant="ghost" onClick={() => setShowTable((v) => !v)} aria-expanded={showTable} disabled={empty}>
              {showTable ? t('chart.hideFigures') : t('chart.showFigures')}
            </Button>
            <Button asChild size="xs" variant="outline">
              <a href={csvUrl(area, chart, filters)} download data-testid={`csv-${chart}`}>
                {t('chart.csv')}
              </a>
            </Button>
          </HStack>
        </HStack>
      </Card.Header>
      <Card.Body gap="3">
        {empty ? (
          <Text color="fg.muted" fontSize="sm" data-testid={`chart-${chart}-empty`}>
            {t('chart.empty')}
          </Text>
        ) : (
          children
        )}
        {showTable && !empty && (
          <Table.ScrollArea borderWidth="1px" borderRadius="l2">
            <Table.Root size="sm" data-testid={`figures-${chart}`}>
              <Table.Header>
                <Table.Row>
                  {series.columns.map((c) => (
                    <Table.ColumnHeader key={c} textAlign={c === 'key' ? 'start' : 'end'}>
                      {t(`columns.${c}`)}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {series.rows.map((row) => {
                  const key = String(row.key);
                  return (
                    <Table.Row key={key}>
                      {series.columns.map((c) =>
                        c === 'key' ? (
                          <Table.Cell key={c}>
                            <Button
                              size="xs"
                              variant="plain"
                              color="fg.info"
                              paddingInline="0"
                              onClick={() => onChoose({ chart, key, label: formatKey(key) })}
                            >
                              {formatKey(key)}
                            </Button>
                          </Table.Cell>
                        ) : (
                          <Table.Cell key={c} textAlign="end">
                            {row[c] === null
                              ? '—'
                              : typeof row[c] === 'number'
                                ? (formatCell?.(c, row[c]) ??
                                  new Intl.NumberFormat(i18n.language, { numberingSystem: 'latn', maximumFractionDigits: 2 }).format(
                                    row[c],
                                  ))
                                : String(row[c])}
                          </Table.Cell>
                        ),
                      )}
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** The page's loading state: the filter bar's place and a grid of chart-sized blocks. */
export function AnalyticsSkeleton({ charts }: { charts: number }) {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" aria-busy="true" data-testid="analytics-loading">
      {Array.from({ length: charts }, (_, i) => (
        <Skeleton key={i} height="72" borderRadius="l2" />
      ))}
    </SimpleGrid>
  );
}

/** A month input (`YYYY-MM`) with its label. */
export function MonthField({
  label,
  value,
  onChange,
  testId,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <Stack gap="1">
      <Text asChild fontSize="sm" fontWeight="medium">
        <label htmlFor={id}>{label}</label>
      </Text>
      <Input
        id={id}
        size="sm"
        type="month"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        data-testid={testId}
        width="11rem"
      />
    </Stack>
  );
}

/** The runs or tickets behind a chosen point, in a drawer, each linking to its page. */
export function PointDrawer({
  area,
  filters,
  point,
  onClose,
}: {
  area: AnalyticsArea;
  filters: FilterValues;
  point: ChosenPoint | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['analytics', 'drills', 'tickets']);
  const items = usePointItems(area, filters, point);
  const list = items.data?.items ?? [];
  return (
    <Drawer.Root open={point !== null} onOpenChange={(e) => !e.open && onClose()} placement="end" size="md">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="point-drawer">
            <Drawer.Header>
              <Drawer.Title>
                {area === 'drills'
                  ? t('point.runsTitle', { label: point?.label ?? '' })
                  : t('point.ticketsTitle', { label: point?.label ?? '' })}
              </Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              {items.isError ? (
                <LoadError title={t('point.error')} error={items.error} onRetry={() => void items.refetch()} />
              ) : items.isPending ? (
                <Stack gap="2" aria-busy="true">
                  {Array.from({ length: 4 }, (_, i) => (
                    <Skeleton key={i} height="12" />
                  ))}
                </Stack>
              ) : list.length === 0 ? (
                <Text color="fg.muted" data-testid="point-empty">
                  {area === 'drills' ? t('point.noRuns') : t('point.noTickets')}
                </Text>
              ) : (
                <Stack as="ul" gap="2" listStyleType="none" data-testid="point-items">
                  {area === 'drills'
                    ? (list as AnalyticsRun[]).map((run) => (
                        <Box as="li" key={run.id} borderWidth="1px" borderRadius="l2" padding="3" data-testid="point-run">
                          <Link asChild fontWeight="medium" color="fg.info">
                            <RouterLink to={`/app/drills/runs/${run.id}/summary`}>{run.title}</RouterLink>
                          </Link>
                          <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
                            <Badge size="sm">{t(`drills:runStatuses.${run.status}`)}</Badge>
                            <Text>{t(`drills:scenarios.${run.scenario}`)}</Text>
                            <Text>{run.location}</Text>
                            <Text>{formatDateTime(run.scheduledAt, i18n.language)}</Text>
                          </HStack>
                        </Box>
                      ))
                    : (list as AnalyticsTicket[]).map((ticket) => (
                        <Box as="li" key={ticket.id} borderWidth="1px" borderRadius="l2" padding="3" data-testid="point-ticket">
                          <Link asChild fontWeight="medium" color="fg.info">
                            <RouterLink to={`/app/tickets/${ticket.id}`}>
                              {t('point.ticket', { number: ticket.number, subject: ticket.subject })}
                            </RouterLink>
                          </Link>
                          <HStack gap="2" wrap="wrap" fontSize="sm" color="fg.muted">
                            <Badge size="sm">{t(`tickets:status.${ticket.status}`)}</Badge>
                            <Text>{t(`tickets:priority.${ticket.priority}`)}</Text>
                            <Text>{t(`tickets:category.${ticket.category}`)}</Text>
                            <Text>{formatDateTime(ticket.createdAt, i18n.language)}</Text>
                          </HStack>
                        </Box>
                      ))}
                </Stack>
              )}
              {items.data?.truncated && (
                <Text fontSize="sm" color="fg.muted" marginTop="2">
                  {t('point.truncated')}
                </Text>
              )}
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('point.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

/**
 * The frame both analytics pages share: the header with the way to the other page, the period
 * filters and the page's own, the loading, error and chart states, and the drawer of the runs or
 * tickets behind a chosen point.
 */
export function AnalyticsFrame<T>({
  area,
  title,
  subtitle,
  other,
  values,
  update,
  filters,
  query,
  skeletonCharts,
  children,
}: {
  area: AnalyticsArea;
  title: string;
  subtitle: string;
  /** The other analytics page. */
  other: { to: string; label: string };
  /** The filters as in the address, and how to change them. */
  values: FilterValues;
  update: (changes: FilterValues) => void;
  /** The page's own filters, after the period. */
  filters: ReactNode;
  query: UseQueryResult<T & { from: string; to: string }>;
  skeletonCharts: number;
  children: (data: T & { from: string; to: string }, onChoose: (point: ChosenPoint) => void) => ReactNode;
}) {
  const { t } = useTranslation('analytics');
  const [point, setPoint] = useState<ChosenPoint | null>(null);
  const data = query.data;
  return (
    <Stack gap="6">
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <Button asChild size="sm" variant="outline">
            <RouterLink to={other.to}>{other.label}</RouterLink>
          </Button>
        }
      />
      <HStack
        as="form"
        role="search"
        aria-label={t('filters.label')}
        gap="3"
        wrap="wrap"
        align="flex-end"
        onSubmit={(e) => e.preventDefault()}
      >
        <MonthField
          label={t('filters.from')}
          value={values.from || data?.from || ''}
          onChange={(from) => update({ from })}
          testId="filter-from"
        />
        <MonthField label={t('filters.to')} value={values.to || data?.to || ''} onChange={(to) => update({ to })} testId="filter-to" />
        {filters}
        {Object.values(values).some(Boolean) && (
          <Button size="sm" variant="ghost" onClick={() => update(Object.fromEntries(Object.keys(values).map((k) => [k, ''])))}>
            {t('filters.reset')}
          </Button>
        )}
      </HStack>
      {query.isError ? (
        <LoadError title={t('error')} error={query.error} onRetry={() => void query.refetch()} testId="analytics-error" />
      ) : !data ? (
        <AnalyticsSkeleton charts={skeletonCharts} />
      ) : (
        children(data, setPoint)
      )}
      <PointDrawer area={area} filters={values} point={point} onClose={() => setPoint(null)} />
    </Stack>
  );
}
