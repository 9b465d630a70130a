import { Alert, Badge, Box, Button, ButtonGroup, Card, Heading, HStack, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { INSIGHT_RANGES, intlLocale, type Insights } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageProps } from '../../lib/page';
import { formatCount, formatDuration } from '../../lib/format';
import { BarChart } from '../../components/charts';
import { useInsights, type InsightRange } from './useInsights';
import { errorText } from '../../lib/error-text';

/** /app/sysops/insights: how fast and how well support answers, with charts. */
export default function InsightsPage({ pageId }: PageProps) {
  const { t, i18n } = useTranslation(['insights', 'pages']);
  const [days, setDays] = useState<InsightRange>(30);
  const insights = useInsights(days);
  const lng = i18n.language;

  return (
    <Stack gap="6">
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            {t(`pages:${pageId}.title`)}
          </Heading>
          <Text color="fg.muted">{t('intro')}</Text>
        </Stack>
        <ButtonGroup size="sm" variant="outline" attached role="group" aria-label={t('range.label')}>
          {INSIGHT_RANGES.map((range) => (
            <Button key={range} aria-pressed={days === range} variant={days === range ? 'solid' : 'outline'} onClick={() => setDays(range)}>
              {t(`range.d${String(range)}`)}
            </Button>
          ))}
        </ButtonGroup>
      </Stack>

      {insights.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{errorText(t, insights.error)}</Alert.Title>
        </Alert.Root>
      ) : !insights.data ? (
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} height="24" borderRadius="l2" />
          ))}
        </SimpleGrid>
      ) : (
        <InsightsView data={insights.data} lng={lng} />
      )}
    </Stack>
  );
}

function InsightsView({ data, lng }: { data: Insights; lng: string }) {
  const { t } = useTranslation('insights');
  const duration = (s: number | null) => (s === null ? t('none') : formatDuration(s, lng));
  const count = (n: number) => formatCount(n, lng);
  const dayLabel = (iso: string) =>
    new Intl.DateTimeFormat(intlLocale(lng), { month: 'short', day: 'numeric', timeZone: 'UTC', numberingSystem: 'latn' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const average = data.satisfaction.average;

  return (
    <Stack gap="6">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <Stat label={t('stats.chats')} value={count(data.chats.started)} help={t('stats.answered', { count: data.chats.answered })} />
        <Stat
          label={t('stats.firstResponse')}
          value={duration(data.chats.firstResponseMedianSeconds)}
          help={t('stats.p90', { value: duration(data.chats.firstResponseP90Seconds) })}
        />
        <Stat label={t('stats.chatDuration')} value={duration(data.chats.durationMedianSeconds)} help={t('stats.median')} />
        <Stat
          label={t('stats.satisfaction')}
          value={average === null ? t('none') : t('stats.outOfFive', { value: formatCount(average, lng) })}
          help={t('stats.ratings', { count: data.satisfaction.ratings })}
        />
        <Stat
          label={t('stats.ticketsOpened')}
          value={count(data.tickets.opened)}
          help={t('stats.resolved', { count: data.tickets.resolved })}
        />
        <Stat label={t('stats.ticketFirstResponse')} value={duration(data.tickets.firstResponseMedianSeconds)} help={t('stats.median')} />
        <Stat label={t('stats.ticketResolution')} value={duration(data.tickets.resolutionMedianSeconds)} help={t('stats.median')} />
        <Stat
          label={t('stats.breaches')}
          value={count(data.tickets.breachedFirstResponse + data.tickets.breachedResolution)}
          help={t('stats.breachesHelp', { first: data.tickets.breachedFirstResponse, resolution: data.tickets.breachedResolution })}
          tone={data.tickets.breachedFirstResponse + data.tickets.breachedResolution > 0 ? 'red' : undefined}
        />
      </SimpleGrid>

      <ChartCard title={t('charts.perDay')}>
        <BarChart
          title={t('charts.perDay')}
          data={data.perDay.map((d) => ({ day: d.date, chats: d.chats, tickets: d.tickets }))}
          xKey="day"
          formatX={dayLabel}
          height={180}
          series={[
            { key: 'chats', label: t('charts.chats'), color: 'brand.solid' },
            { key: 'tickets', label: t('charts.tickets'), color: 'orange.solid' },
          ]}
        />
      </ChartCard>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <ChartCard title={t('charts.busiestHours')}>
          <BarChart
            title={t('charts.busiestHours')}
            data={data.busiestHours.map((chats, h) => ({ hour: String(h).padStart(2, '0'), chats }))}
            xKey="hour"
            height={180}
            series={[{ key: 'chats', label: t('charts.chats'), color: 'brand.solid' }]}
          />
        </ChartCard>
        <ChartCard title={t('charts.satisfaction')}>
          <Stack gap="2" role="list" aria-label={t('charts.satisfaction')}>
            {[5, 4, 3, 2, 1].map((score) => {
              const n = data.satisfaction.distribution[score - 1] ?? 0;
              const share = data.satisfaction.ratings ? n / data.satisfaction.ratings : 0;
              return (
                <HStack key={score} gap="3" role="listitem">
                  <Text width="16" flexShrink={0} fontSize="sm">
                    {t('charts.stars', { count: score })}
                  </Text>
                  <Box flex="1" bg="bg.muted" borderRadius="full" height="3" overflow="hidden">
                    <Box
                      height="full"
                      bg={score >= 4 ? 'green.solid' : score === 3 ? 'yellow.solid' : 'red.solid'}
                      width={`${String(share * 100)}%`}
                    />
                  </Box>
                  <Text width="10" textAlign="end" fontSize="sm">
                    {count(n)}
                  </Text>
                </HStack>
              );
            })}
          </Stack>
        </ChartCard>
      </SimpleGrid>

      <ChartCard title={t('operators.title')} testId="insights-operators">
        {data.perOperator.length === 0 ? (
          <Text color="fg.muted">{t('operators.empty')}</Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('operators.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('operators.chats')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('operators.firstResponse')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('operators.rating')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.perOperator.map((o) => (
                  <Table.Row key={o.operator.id}>
                    <Table.Cell>{o.operator.name}</Table.Cell>
                    <Table.Cell textAlign="end">{count(o.chats)}</Table.Cell>
                    <Table.Cell textAlign="end">{duration(o.firstResponseMedianSeconds)}</Table.Cell>
                    <Table.Cell textAlign="end">
                      {o.averageRating === null ? (
                        t('none')
                      ) : (
                        <Badge colorPalette="yellow">{t('stats.outOfFive', { value: formatCount(o.averageRating, lng) })}</Badge>
                      )}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </ChartCard>
      <Text fontSize="sm" color="fg.muted">
        {t('footnote')}
      </Text>
    </Stack>
  );
}

function Stat({ label, value, help, tone }: { label: string; value: string; help: string; tone?: 'red' }) {
  return (
    <Card.Root variant="outline">
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="semibold" color={tone === 'red' ? 'red.fg' : undefined}>
          {value}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {help}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

function ChartCard({ title, children, testId }: { title: string; children: React.ReactNode; testId?: string }) {
  return (
    <Card.Root variant="outline" data-testid={testId}>
      <Card.Header>
        <Card.Title as="h2" fontSize="md">
          {title}
        </Card.Title>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
