import { Badge, Button, Card, Container, Heading, HStack, SimpleGrid, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import type { HealthReport } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { useHealth } from './useHealth';
import { useRoundTrip } from './useRoundTrip';

type Part = keyof HealthReport['checks'];
const PARTS: Part[] = ['database', 'redis', 'queues'];

function StatusBadge({ up }: { up: boolean }) {
  const { t } = useTranslation('status');
  return (
    <Badge colorPalette={up ? 'green' : 'red'} variant="solid">
      {up ? t('up') : t('down')}
    </Badge>
  );
}

export default function StatusPage() {
  const { t } = useTranslation('status');
  const health = useHealth();
  const roundTrip = useRoundTrip();
  const report = health.data;

  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Heading as="h1" size="2xl">
            {t('title')}
          </Heading>
          <Button variant="outline" size="sm" onClick={() => void health.refetch()} loading={health.isFetching}>
            {t('refresh')}
          </Button>
        </HStack>
        {health.isPending && <Spinner aria-label={t('loading')} />}
        {report && (
          <>
            <Card.Root variant="subtle" data-testid="overall-status">
              <Card.Body>
                <HStack justify="space-between" wrap="wrap" gap="2">
                  <Text fontSize="lg" fontWeight="semibold">
                    {report.status === 'ok'
                      ? t('overall.ok')
                      : t('overall.failing', { parts: report.failing.map((p) => t(`parts.${p}`)).join(', ') })}
                  </Text>
                  <StatusBadge up={report.status === 'ok'} />
                </HStack>
                <Text fontSize="sm" color="fg.muted" mt="2">
                  {t('meta', { version: report.version, role: report.role, node: report.node, uptime: report.uptimeSeconds })}
                </Text>
              </Card.Body>
            </Card.Root>
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              {PARTS.map((part) => (
                <Card.Root key={part} variant="outline" data-testid={`part-${part}`}>
                  <Card.Body gap="2">
                    <HStack justify="space-between">
                      <Card.Title as="h2">{t(`parts.${part}`)}</Card.Title>
                      <StatusBadge up={report.checks[part].status === 'up'} />
                    </HStack>
                    {report.checks[part].latencyMs !== undefined && (
                      <Text fontSize="sm" color="fg.muted">
                        {t('latency', { ms: report.checks[part].latencyMs })}
                      </Text>
                    )}
                    {part === 'database' && (
                      <Text fontSize="sm" color="fg.muted">
                        {report.checks.database.embedded ? t('embedded') : t('external')}
                      </Text>
                    )}
                    {report.checks[part].error && (
                      <Text fontSize="sm" color="fg.error">
                        {report.checks[part].error}
                      </Text>
                    )}
                  </Card.Body>
                </Card.Root>
              ))}
            </SimpleGrid>
            <Table.ScrollArea borderWidth="1px" rounded="md">
              <Table.Root size="sm">
                <Table.Caption>{t('queues.caption')}</Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('queues.queue')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('queues.waiting')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('queues.active')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('queues.delayed')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">{t('queues.failed')}</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {Object.entries(report.checks.queues.queues).map(([name, c]) => (
                    <Table.Row key={name}>
                      <Table.Cell>{name}</Table.Cell>
                      <Table.Cell textAlign="end">{c.waiting}</Table.Cell>
                      <Table.Cell textAlign="end">{c.active}</Table.Cell>
                      <Table.Cell textAlign="end">{c.delayed}</Table.Cell>
                      <Table.Cell textAlign="end">{c.failed}</Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          </>
        )}
        <Card.Root variant="outline">
          <Card.Body gap="3">
            <Card.Title as="h2">{t('roundTrip.title')}</Card.Title>
            <Card.Description>{t('roundTrip.text')}</Card.Description>
            <HStack gap="3" wrap="wrap">
              <Button onClick={() => void roundTrip.run()} loading={roundTrip.running} colorPalette="brand" data-testid="run-round-trip">
                {t('roundTrip.run')}
              </Button>
              {roundTrip.result && (
                <Text data-testid="round-trip-result">
                  {t('roundTrip.result', {
                    socketMs: roundTrip.result.socketMs,
                    jobMs: roundTrip.result.jobMs,
                    node: roundTrip.result.handledBy,
                  })}
                </Text>
              )}
              {roundTrip.error && (
                <Text color="fg.error" role="alert">
                  {t('roundTrip.failed', { message: roundTrip.error })}
                </Text>
              )}
            </HStack>
          </Card.Body>
        </Card.Root>
      </Stack>
    </Container>
  );
}
