import { Badge, Button, Card, Heading, HStack, Link, SimpleGrid, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { OPS_DATABASE_LIMITS, QUEUE_BOARD_PATH, type AuditChains, type DatabaseOverview } from '@muster/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyList, ListSkeleton, LoadError } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { QueueTable } from '../../components/QueueTable';
import { Section } from '../../components/Section';
import { formatBytes, formatCount, formatDateTime } from '../../lib/format';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useAuditChains, useDatabaseOverview } from './api';

/** Bytes in the largest binary unit up to GB ("1.2 GB"). */
function bytes(value: number, language: string | undefined): string {
  if (value >= 1024 ** 3) return `${formatCount(Math.round((value / 1024 ** 3) * 10) / 10, language)} GB`;
  return formatBytes(value, language);
}

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="xl" fontWeight="semibold" data-testid={testId}>
          {value}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** A table that scrolls sideways inside its card on a narrow screen instead of widening the page. */
function Scroll({ children }: { children: ReactNode }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="l2" maxWidth="100%">
      {children}
    </Table.ScrollArea>
  );
}

function Overview({ data }: { data: DatabaseOverview }) {
  const { t, i18n } = useTranslation('opsDatabase');
  const lng = i18n.resolvedLanguage;
  return (
    <Stack gap="8">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={data.readOnly ? 'green' : 'red'} data-testid="database-read-only">
          {data.readOnly ? t('readOnly') : t('notReadOnly')}
        </Badge>
        <Text fontSize="sm" color="fg.muted">
          {t('readAt', { time: formatDateTime(data.readAt, lng) })}
        </Text>
      </HStack>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        <Fact label={t('facts.size')} value={bytes(data.database.sizeBytes, lng)} testId="database-size" />
        <Fact
          label={t('facts.connections')}
          value={t('facts.connectionsOf', { n: formatCount(data.connections.total, lng), max: formatCount(data.connections.max, lng) })}
          testId="database-connections"
        />
        <Fact label={t('facts.redis')} value={bytes(data.redis.usedMemoryBytes, lng)} testId="database-redis" />
        <Fact
          label={t('facts.migrations')}
          value={t('facts.migrationsOf', {
            applied: formatCount(data.migrations.applied.length, lng),
            pending: formatCount(data.migrations.pending.length, lng),
          })}
          testId="database-migrations-count"
        />
      </SimpleGrid>
      <Text fontSize="sm" color="fg.muted">
        {t('server', { name: data.database.name, version: data.database.version })}
        {data.redis.version ? ` · ${t('redisServer', { version: data.redis.version, policy: data.redis.maxMemoryPolicy ?? '—' })}` : ''}
      </Text>

      <Section id="database-tables" title={t('tables.title')} text={t('tables.text')}>
        <Scroll>
          <Table.Root size="sm" data-testid="database-tables">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('tables.name')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('tables.size')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">{t('tables.rows')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.tables.map((table) => (
                <Table.Row key={table.name}>
                  <Table.Cell fontFamily="mono" dir="ltr" textAlign="start">
                    {table.name}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{bytes(table.totalBytes, lng)}</Table.Cell>
                  <Table.Cell textAlign="end">{formatCount(table.rows, lng)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Scroll>
      </Section>

      <Section
        id="database-activity"
        title={t('activity.title')}
        text={t('activity.text', { seconds: OPS_DATABASE_LIMITS.longRunningSeconds })}
      >
        <HStack gap="2" wrap="wrap" data-testid="database-states">
          {data.connections.byState.map((s) => (
            <Badge key={s.state} variant="outline">
              {t('activity.state', { state: s.state, n: formatCount(s.count, lng) })}
            </Badge>
          ))}
        </HStack>
        {data.longQueries.length === 0 ? (
          <Text fontSize="sm" color="fg.muted" data-testid="database-no-long-queries">
            {t('activity.none')}
          </Text>
        ) : (
          <Scroll>
            <Table.Root size="sm" data-testid="database-long-queries">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('activity.pid')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('activity.stateColumn')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('activity.seconds')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('activity.query')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.longQueries.map((q) => (
                  <Table.Row key={q.pid}>
                    <Table.Cell>{q.pid}</Table.Cell>
                    <Table.Cell>{q.state}</Table.Cell>
                    <Table.Cell textAlign="end">{formatCount(q.seconds, lng)}</Table.Cell>
                    <Table.Cell fontFamily="mono" dir="ltr" maxWidth="md" truncate title={q.query}>
                      {q.query}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Scroll>
        )}
      </Section>

      <Section id="database-migrations" title={t('migrations.title')} text={t('migrations.text')}>
        {data.migrations.pending.length > 0 ? (
          <Stack gap="1" data-testid="database-pending">
            <Text fontWeight="semibold" color="fg.error">
              {t('migrations.pending', { n: formatCount(data.migrations.pending.length, lng) })}
            </Text>
            {data.migrations.pending.map((m) => (
              <Text key={m.name} fontFamily="mono" dir="ltr" textAlign="start">
                {m.name}
              </Text>
            ))}
          </Stack>
        ) : (
          <Text fontSize="sm" data-testid="database-no-pending">
            {t('migrations.none')}
          </Text>
        )}
        <Scroll>
          <Table.Root size="sm" data-testid="database-migrations">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('migrations.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('migrations.written')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {[...data.migrations.applied].reverse().map((m) => (
                <Table.Row key={m.name}>
                  <Table.Cell fontFamily="mono" dir="ltr" textAlign="start">
                    {m.name}
                  </Table.Cell>
                  <Table.Cell>{formatDateTime(m.timestamp, lng)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Scroll>
      </Section>

      <Section id="database-queues" title={t('queues.title')} text={t('queues.text')}>
        <Link
          href={QUEUE_BOARD_PATH}
          target="_blank"
          rel="noopener"
          alignSelf="flex-start"
          colorPalette="brand"
          data-testid="database-board-link"
        >
          {t('queues.board')}
        </Link>
        <QueueTable queues={data.queues} testId="database-queues" rowTestId="database-queue" />
      </Section>
    </Stack>
  );
}

function Chains({ data }: { data: AuditChains }) {
  const { t, i18n } = useTranslation('opsDatabase');
  if (data.items.length === 0)
    return <EmptyList title={t('chains.emptyTitle')} text={t('chains.emptyText')} testId="database-chains-empty" />;
  return (
    <Stack gap="2">
      <Text fontSize="sm" color="fg.muted">
        {t('chains.verifiedAt', { time: formatDateTime(data.verifiedAt, i18n.resolvedLanguage) })}
        {data.notChecked > 0 ? ` · ${t('chains.notChecked', { n: formatCount(data.notChecked, i18n.resolvedLanguage) })}` : ''}
      </Text>
      <Scroll>
        <Table.Root size="sm" data-testid="database-chains">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('chains.organization')}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{t('chains.events')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('chains.status')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {data.items.map((c) => (
              <Table.Row key={c.orgId ?? 'platform'}>
                <Table.Cell>{c.name ?? t('chains.platform')}</Table.Cell>
                <Table.Cell textAlign="end">{formatCount(c.verification.checked, i18n.resolvedLanguage)}</Table.Cell>
                <Table.Cell>
                  {c.verification.ok ? (
                    <Badge colorPalette="green">{t('chains.intact')}</Badge>
                  ) : (
                    <Badge colorPalette="red" title={c.verification.firstBroken?.reason}>
                      {t('chains.broken', { seq: c.verification.firstBroken?.seq ?? 0 })}
                    </Badge>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Scroll>
    </Stack>
  );
}

function OverviewSkeleton() {
  return (
    <Stack gap="4" data-testid="database-loading" role="status" aria-busy="true">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height="20" borderRadius="l2" />
        ))}
      </SimpleGrid>
      <ListSkeleton rows={3} testId="database-loading-tables" />
    </Stack>
  );
}

/** /app/admin/database: the platform's database, Redis and queues, read-only (ROOT_ADMIN). */
export default function DatabasePage({ pageId }: PageProps) {
  const { t } = useTranslation(['opsDatabase', 'pages']);
  usePageTitle(pageId);
  const overview = useDatabaseOverview();
  const chains = useAuditChains();
  return (
    <Stack gap="6" maxWidth="6xl" data-testid="database-page">
      <PageHeader
        title={t('pages:database.title')}
        subtitle={t('subtitle')}
        actions={
          <Button
            variant="outline"
            size="sm"
            onClick={() => void overview.refetch()}
            loading={overview.isFetching}
            data-testid="database-refresh"
          >
            {t('refresh')}
          </Button>
        }
      />
      {overview.isPending ? (
        <OverviewSkeleton />
      ) : overview.isError ? (
        <LoadError title={t('loadError')} error={overview.error} onRetry={() => void overview.refetch()} testId="database-error" />
      ) : (
        <Overview data={overview.data} />
      )}
      <Stack gap="3" as="section" aria-labelledby="database-chains-title">
        <Heading as="h2" size="lg" id="database-chains-title">
          {t('chains.title')}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t('chains.text')}
        </Text>
        {chains.isPending ? (
          <ListSkeleton rows={2} testId="database-chains-loading" />
        ) : chains.isError ? (
          <LoadError
            title={t('chains.loadError')}
            error={chains.error}
            onRetry={() => void chains.refetch()}
            testId="database-chains-error"
          />
        ) : (
          <Chains data={chains.data} />
        )}
      </Stack>
    </Stack>
  );
}
