import { Badge, Card, Heading, Link, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { EVIDENCE_KINDS, type AuditorDashboard, type EvidenceReviewState } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LoadError, useNow } from '../../components/list';
import { formatCount, formatDate } from '../../lib/format';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { DashboardSkeleton } from '../../shell/Loading';
import AuditorRequestsPanel from './requests/AuditorRequestsPanel';
import { portalLink, useAuditorDashboard, usePortalPreview } from './portal';
import { RuleLabel } from './RuleLabel';

const DAY_MS = 86_400_000;

const STATE_CARDS: { key: 'total' | EvidenceReviewState; palette: string }[] = [
  { key: 'total', palette: 'gray' },
  { key: 'pending', palette: 'orange' },
  { key: 'accepted', palette: 'green' },
  { key: 'flagged', palette: 'red' },
];

/** Records in scope by the auditor's verdict, each card opening the list filtered by it. */
function StateCards({ data, preview }: { data: AuditorDashboard; preview: string | null }) {
  const { t, i18n } = useTranslation('auditorPortal');
  return (
    <SimpleGrid columns={{ base: 2, lg: 4 }} gap={{ base: '3', md: '4' }} data-testid="auditor-state-cards">
      {STATE_CARDS.map(({ key, palette }) => (
        <Card.Root
          key={key}
          variant="outline"
          borderTopWidth="4px"
          borderTopColor={`${palette}.solid`}
          data-testid={`auditor-count-${key}`}
        >
          <Card.Body gap="1" padding={{ base: '3', md: '5' }}>
            <Text fontSize="sm" color="fg.muted">
              {t(`states.${key}`)}
            </Text>
            <Text fontSize="3xl" fontWeight="bold" lineHeight="1.1" data-testid="count-value">
              {formatCount(data.records[key], i18n.resolvedLanguage)}
            </Text>
            <Link asChild fontSize="sm" color="brand.fg">
              <RouterLink to={portalLink('/auditor/evidence', preview, key === 'total' ? {} : { state: key })}>
                {t('dashboard.viewRecords')}
              </RouterLink>
            </Link>
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

/** /auditor/dashboard: the invite's scope and period, records by state and kind, requests, and how long access lasts. */
export default function AuditorDashboardPage({ pageId }: PageProps) {
  const { t, i18n } = useTranslation(['auditorPortal', 'common']);
  usePageTitle(pageId);
  const preview = usePortalPreview();
  const dashboard = useAuditorDashboard(preview);
  const now = useNow();
  const language = i18n.resolvedLanguage;

  if (dashboard.isPending) return <DashboardSkeleton />;
  if (dashboard.isError) {
    return (
      <LoadError
        title={t('dashboard.loadError')}
        error={dashboard.error}
        onRetry={() => void dashboard.refetch()}
        testId="auditor-dashboard-error"
      />
    );
  }
  const data = dashboard.data;
  const expires = new Date(data.invite.expiresAt);
  const daysLeft = Math.max(0, Math.ceil((expires.getTime() - now) / DAY_MS));
  const ruleIds = [...new Set(data.scope.profiles.flatMap((p) => p.ruleIds))];
  const kinds = EVIDENCE_KINDS.filter((k) => data.byKind[k] > 0);

  return (
    <Stack gap="6" data-testid="auditor-dashboard">
      <Stack gap="1">
        <Heading as="h1" size="2xl" dir="auto">
          {t('dashboard.title', { name: data.invite.auditorName })}
        </Heading>
        <Text color="fg.muted">{t('dashboard.intro')}</Text>
      </Stack>

      <StateCards data={data} preview={preview} />

      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Card.Root variant="outline" data-testid="auditor-scope">
          <Card.Header>
            <Heading as="h2" size="md">
              {t('dashboard.scope')}
            </Heading>
          </Card.Header>
          <Card.Body gap="3">
            <Stack gap="1">
              <Text fontSize="sm" color="fg.muted">
                {t('dashboard.period')}
              </Text>
              <Text fontWeight="medium" data-testid="auditor-scope-period">
                {t('dashboard.periodValue', { from: formatDate(data.scope.from, language), to: formatDate(data.scope.to, language) })}
              </Text>
            </Stack>
            <Stack gap="1">
              <Text fontSize="sm" color="fg.muted">
                {t('dashboard.profiles')}
              </Text>
              {data.scope.profiles.length === 0 ? (
                <Text>{t('dashboard.noProfiles')}</Text>
              ) : (
                <List.Root ps="5" gap="1">
                  {data.scope.profiles.map((p) => (
                    <List.Item key={p.id} dir="auto">
                      {p.name}
                    </List.Item>
                  ))}
                </List.Root>
              )}
            </Stack>
            <Stack gap="1">
              <Text fontSize="sm" color="fg.muted">
                {t('dashboard.facilities')}
              </Text>
              <Text dir="auto">
                {data.scope.facilities.length
                  ? new Intl.ListFormat(language, { type: 'conjunction' }).format(data.scope.facilities)
                  : t('dashboard.allFacilities')}
              </Text>
            </Stack>
            {ruleIds.length > 0 && (
              <Stack gap="1">
                <Text fontSize="sm" color="fg.muted">
                  {t('dashboard.rules')}
                </Text>
                <List.Root ps="5" gap="1" fontSize="sm">
                  {ruleIds.map((id) => (
                    <List.Item key={id}>
                      <RuleLabel id={id} />
                    </List.Item>
                  ))}
                </List.Root>
              </Stack>
            )}
          </Card.Body>
        </Card.Root>

        <Stack gap="4">
          <Card.Root variant="outline" data-testid="auditor-access">
            <Card.Header>
              <Heading as="h2" size="md">
                {t('dashboard.access')}
              </Heading>
            </Card.Header>
            <Card.Body gap="2">
              <Text>{t('dashboard.expires', { date: formatDate(data.invite.expiresAt.slice(0, 10), language) })}</Text>
              <Badge alignSelf="flex-start" colorPalette={daysLeft <= 7 ? 'red' : 'gray'} size="lg" data-testid="auditor-days-left">
                {t('dashboard.daysLeft', { count: daysLeft })}
              </Badge>
            </Card.Body>
          </Card.Root>
          <Card.Root variant="outline" data-testid="auditor-requests-summary">
            <Card.Header>
              <Heading as="h2" size="md">
                {t('dashboard.requests')}
              </Heading>
            </Card.Header>
            <Card.Body gap="1">
              <Text fontWeight="medium" data-testid="auditor-open-requests">
                {t('dashboard.openRequests', { count: data.requests.open })}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {t('dashboard.requestStates', {
                  submitted: formatCount(data.requests.submitted, language),
                  accepted: formatCount(data.requests.accepted, language),
                  flagged: formatCount(data.requests.flagged, language),
                })}
              </Text>
            </Card.Body>
          </Card.Root>
        </Stack>
      </SimpleGrid>

      <Card.Root variant="outline" data-testid="auditor-by-kind">
        <Card.Header>
          <Heading as="h2" size="md">
            {t('dashboard.byKind')}
          </Heading>
        </Card.Header>
        <Card.Body>
          {kinds.length === 0 ? (
            <Text color="fg.muted">{t('dashboard.noRecords')}</Text>
          ) : (
            <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="2">
              {kinds.map((kind) => (
                <Link
                  key={kind}
                  asChild
                  justifyContent="space-between"
                  borderWidth="1px"
                  borderRadius="l2"
                  px="3"
                  py="2"
                  textDecoration="none"
                >
                  <RouterLink to={portalLink('/auditor/evidence', preview, { kind })}>
                    <Text as="span">{t(`kinds.${kind}`)}</Text>
                    <Badge>{formatCount(data.byKind[kind], language)}</Badge>
                  </RouterLink>
                </Link>
              ))}
            </SimpleGrid>
          )}
        </Card.Body>
      </Card.Root>

      <AuditorRequestsPanel preview={preview} readOnly={data.preview} />
    </Stack>
  );
}
