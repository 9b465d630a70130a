import { Badge, Button, Card, Flex, Heading, Stack, Text, Wrap } from '@chakra-ui/react';
import { maySopEdit, type SopSummary } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { EmptyList, ListSkeleton, LoadError } from '../../components/list';
import { formatDate } from '../../lib/format';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useSignedInSession } from '../auth/signed-in-session';
import { useSop, useSops } from './api';
import { CreateSopDialog } from './CreateSopDialog';
import { StatusBadge } from './parts';
import { SopDetailView } from './SopDetailView';

function SopItem({ sop }: { sop: SopSummary }) {
  const { t, i18n } = useTranslation(['sops', 'drills']);
  const language = i18n.resolvedLanguage;
  return (
    <Card.Root as="li" variant="outline" data-testid="sop-row" data-title={sop.title}>
      <Card.Body py="3" px={{ base: '3', md: '4' }} gap="2">
        <Flex gap="3" justify="space-between" align={{ base: 'flex-start', sm: 'center' }} direction={{ base: 'column', sm: 'row' }}>
          <Stack gap="1" minWidth="0">
            <RouterLink to={`?sop=${sop.id}`} data-testid="sop-open">
              <Text fontWeight="semibold" color="brand.fg" textDecoration="underline" dir="auto" textAlign="start">
                {sop.title}
              </Text>
            </RouterLink>
            <Wrap gap="2" align="center">
              <Badge variant="outline">{t(`drills:scenarios.${sop.scenario}`)}</Badge>
              {sop.effective && (
                <Badge colorPalette="green" variant="subtle">
                  {t('list.effectiveVersion', { number: sop.effective.number })}
                </Badge>
              )}
              {sop.latest.status !== 'effective' && sop.latest.status !== 'superseded' && (
                <Wrap gap="1" align="center">
                  <Text fontSize="xs" color="fg.muted">
                    {t('list.latestVersion', { number: sop.latest.number })}
                  </Text>
                  <StatusBadge status={sop.latest.status} />
                </Wrap>
              )}
            </Wrap>
          </Stack>
          <Stack gap="1" align={{ base: 'flex-start', sm: 'flex-end' }} flexShrink={0}>
            {sop.acknowledged === false && (
              <Badge colorPalette="orange" data-testid="sop-row-to-ack">
                {t('list.toAcknowledge')}
              </Badge>
            )}
            {sop.acknowledged === true && (
              <Badge colorPalette="green" variant="outline">
                {t('list.acknowledged')}
              </Badge>
            )}
            {sop.effective?.reviewDue && (
              <Text fontSize="xs" color="fg.muted">
                {t('list.reviewDue', { date: formatDate(sop.effective.reviewDue, language) })}
              </Text>
            )}
          </Stack>
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** One SOP (from `?sop=`), with the way back to the list. */
function SopScreen({ id }: { id: string }) {
  const { t } = useTranslation('sops');
  const sop = useSop(id);
  return (
    <Stack gap="4">
      <Button asChild variant="ghost" size="sm" alignSelf="flex-start" data-testid="sop-back">
        <RouterLink to="?">{t('detail.back')}</RouterLink>
      </Button>
      {sop.isPending && <ListSkeleton rows={2} testId="sop-loading" />}
      {sop.isError && <LoadError title={t('detail.loadError')} error={sop.error} onRetry={() => void sop.refetch()} testId="sop-error" />}
      {sop.data && <SopDetailView sop={sop.data} />}
    </Stack>
  );
}

/** /app/compliance/sops: the organisation's SOPs under document control; `?sop=<id>` opens one. */
export default function SopsPage({ pageId }: PageProps) {
  const { t } = useTranslation(['sops', 'pages']);
  usePageTitle(pageId);
  const session = useSignedInSession();
  const [params, setParams] = useSearchParams();
  const selected = params.get('sop');
  const sops = useSops();
  const editor = maySopEdit(session.role);
  return (
    <Stack gap="5" maxWidth="5xl" data-testid="sops-page">
      <Flex gap="4" justify="space-between" align={{ base: 'stretch', sm: 'flex-start' }} direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t('title')}
          </Heading>
          <Text color="fg.muted">{t('intro')}</Text>
        </Stack>
        {editor && !selected && <CreateSopDialog onCreated={(sop) => setParams({ sop: sop.id })} />}
      </Flex>
      {selected ? (
        <SopScreen key={selected} id={selected} />
      ) : (
        <>
          {sops.isPending && <ListSkeleton rows={3} testId="sops-loading" />}
          {sops.isError && (
            <LoadError title={t('list.loadError')} error={sops.error} onRetry={() => void sops.refetch()} testId="sops-error" />
          )}
          {sops.data && sops.data.items.length === 0 && (
            <EmptyList title={t('list.emptyTitle')} text={editor ? t('list.emptyEditor') : t('list.empty')} testId="sops-empty" />
          )}
          {sops.data && sops.data.items.length > 0 && (
            <Stack as="ul" gap="2" listStyleType="none" aria-label={t('list.label')} data-testid="sop-list">
              {sops.data.items.map((sop) => (
                <SopItem key={sop.id} sop={sop} />
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
