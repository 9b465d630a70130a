import { Alert, Badge, Box, Button, Card, Checkbox, HStack, Link, Stack, Switch, Table, Text } from '@chakra-ui/react';
import { SAML_LIMITS, type SamlCertificate, type SamlOverview, type SamlProvider } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyList, ListSkeleton, LoadError } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { Section } from '../../components/Section';
import { SecurityAdminLinks } from '../audit/SecurityAdminLinks';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { formatDate, formatDateTime } from '../../lib/format';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useSignedInSession } from '../auth/signed-in-session';
import { useRefreshMetadata, useRemoveProvider, useSamlOverview, useSaveSettings, useTestSignIn, useUpdateProvider } from './api';
import { ProviderDialog } from './ProviderDialog';

const DAY = 86_400_000;

function CertificateLine({ cert }: { cert: SamlCertificate }) {
  const { t, i18n } = useTranslation('saml');
  const soon = !cert.expired && new Date(cert.notAfter).getTime() - Date.now() < 30 * DAY;
  return (
    <HStack gap="2" flexWrap="wrap" fontSize="sm">
      <Badge colorPalette={cert.expired ? 'red' : soon ? 'orange' : 'green'}>
        {cert.expired ? t('health.certExpired') : soon ? t('health.certSoon') : t('health.certValid')}
      </Badge>
      <Text>{t('health.certUntil', { date: formatDate(cert.notAfter.slice(0, 10), i18n.language) })}</Text>
      <Text color="fg.muted" fontFamily="mono" fontSize="xs" dir="ltr" wordBreak="break-all">
        {cert.fingerprint.slice(0, 23)}…
      </Text>
    </HStack>
  );
}

function ProviderCard({ provider }: { provider: SamlProvider }) {
  const { t, i18n } = useTranslation('saml');
  const update = useUpdateProvider();
  const remove = useRemoveProvider();
  const refresh = useRefreshMetadata();
  const test = useTestSignIn();
  const [editing, setEditing] = useState(false);
  const onError = (err: unknown) => toaster.create({ type: 'error', title: t('actions.failed'), description: errorText(t, err) });
  return (
    <Card.Root as="li" data-testid="saml-provider">
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" flexWrap="wrap" gap="2">
            <Text fontWeight="semibold" fontSize="lg">
              {provider.name}
            </Text>
            <Switch.Root
              checked={provider.enabled}
              disabled={update.isPending}
              onCheckedChange={(d) => update.mutate({ id: provider.id, body: { enabled: d.checked } }, { onError })}
              data-testid="saml-enabled"
            >
              <Switch.HiddenInput />
              <Switch.Control />
              <Switch.Label>{provider.enabled ? t('provider.enabled') : t('provider.disabled')}</Switch.Label>
            </Switch.Root>
          </HStack>
          <Stack gap="1" fontSize="sm">
            <Text>
              {t('provider.entityId')}:{' '}
              <Text as="span" dir="ltr" wordBreak="break-all">
                {provider.idpEntityId}
              </Text>
            </Text>
            <Text>
              {t('provider.domains')}: {provider.emailDomains.length ? provider.emailDomains.join(', ') : t('provider.noDomains')}
            </Text>
            <Text>
              {t('provider.lastSignIn')}:{' '}
              {provider.lastSignInAt ? formatDateTime(provider.lastSignInAt, i18n.language) : t('provider.never')}
            </Text>
            {provider.metadataSource === 'url' && (
              <Text>
                {t('provider.refreshed')}:{' '}
                {provider.metadataRefreshedAt ? formatDateTime(provider.metadataRefreshedAt, i18n.language) : t('provider.never')}
                {provider.metadataRefreshError ? ` — ${provider.metadataRefreshError}` : ''}
              </Text>
            )}
          </Stack>
          <Stack gap="1" data-testid="saml-certificates">
            {provider.certificates.map((c) => (
              <CertificateLine key={c.fingerprint} cert={c} />
            ))}
          </Stack>
          {provider.groupMappings.length > 0 && (
            <Text fontSize="sm" color="fg.muted">
              {t('provider.mappings', {
                list: provider.groupMappings.map((m) => `${m.group} → ${t(`common:roles.${m.role}`)}`).join(', '),
              })}
            </Text>
          )}
          <Box fontSize="sm" bg="bg.muted" p="3" borderRadius="md">
            <Text fontWeight="semibold">{t('sp.title')}</Text>
            <Text>
              {t('sp.entityId')}:{' '}
              <Text as="span" dir="ltr" wordBreak="break-all">
                {provider.sp.entityId}
              </Text>
            </Text>
            <Text>
              {t('sp.acsUrl')}:{' '}
              <Text as="span" dir="ltr" wordBreak="break-all">
                {provider.sp.acsUrl}
              </Text>
            </Text>
            <Link href={`${provider.sp.metadataUrl}?download=1`} color="brand.fg" data-testid="saml-sp-metadata">
              {t('sp.download')}
            </Link>
          </Box>
          <HStack gap="2" flexWrap="wrap">
            <Button
              size="sm"
              colorPalette="brand"
              variant="outline"
              loading={test.isPending}
              onClick={() => test.mutate(provider.id, { onSuccess: ({ url }) => window.location.assign(url), onError })}
              data-testid="saml-test"
            >
              {t('actions.test')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setEditing(true)} data-testid="saml-edit">
              {t('actions.edit')}
            </Button>
            {provider.metadataSource === 'url' && (
              <Button size="sm" variant="outline" loading={refresh.isPending} onClick={() => refresh.mutate(provider.id, { onError })}>
                {t('actions.refresh')}
              </Button>
            )}
            <Button
              size="sm"
              variant="ghost"
              colorPalette="red"
              loading={remove.isPending}
              onClick={() => {
                if (window.confirm(t('actions.removeConfirm', { name: provider.name }))) remove.mutate(provider.id, { onError });
              }}
            >
              {t('actions.remove')}
            </Button>
          </HStack>
        </Stack>
      </Card.Body>
      <ProviderDialog open={editing} onOpenChange={setEditing} provider={provider} />
    </Card.Root>
  );
}

function Enforcement({ overview }: { overview: SamlOverview }) {
  const { t } = useTranslation('saml');
  const save = useSaveSettings();
  const [enforced, setEnforced] = useState(overview.settings.enforced);
  const [breakGlass, setBreakGlass] = useState<string[]>(overview.settings.breakGlassUserIds);
  const [failure, setFailure] = useState<string | null>(null);
  const toggle = (id: string, on: boolean) => setBreakGlass((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
  return (
    <Stack gap="3" data-testid="saml-enforcement">
      {failure && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{failure}</Alert.Description>
        </Alert.Root>
      )}
      <Switch.Root checked={enforced} onCheckedChange={(d) => setEnforced(d.checked)} data-testid="saml-enforce">
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{t('enforcement.enforce')}</Switch.Label>
      </Switch.Root>
      <Text fontSize="sm" color="fg.muted">
        {t('enforcement.breakGlassText', { max: SAML_LIMITS.breakGlassMax })}
      </Text>
      <Stack gap="1">
        {overview.admins.map((a) => (
          <Checkbox.Root key={a.id} checked={breakGlass.includes(a.id)} onCheckedChange={(d) => toggle(a.id, d.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {a.name}{' '}
              <Text as="span" color="fg.muted" dir="ltr">
                ({a.email})
              </Text>
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      <Button
        alignSelf="flex-start"
        colorPalette="brand"
        loading={save.isPending}
        onClick={() => {
          setFailure(null);
          save.mutate(
            { enforced, breakGlassUserIds: breakGlass },
            {
              onSuccess: () => toaster.create({ type: 'success', title: t('enforcement.saved') }),
              onError: (err) => setFailure(errorText(t, err)),
            },
          );
        }}
        data-testid="saml-enforcement-save"
      >
        {t('enforcement.save')}
      </Button>
    </Stack>
  );
}

function Events({ overview }: { overview: SamlOverview }) {
  const { t, i18n } = useTranslation('saml');
  if (!overview.events.length) return <Text color="fg.muted">{t('health.noEvents')}</Text>;
  return (
    <Table.ScrollArea>
      <Table.Root size="sm" data-testid="saml-events">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('health.time')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('health.outcome')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('health.subject')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('health.provider')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {overview.events.map((e) => (
            <Table.Row key={e.id}>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(e.createdAt, i18n.language)}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={e.outcome === 'refused' ? 'red' : e.outcome === 'test' ? 'blue' : 'green'}>
                  {t(`outcomes.${e.outcome}`)}
                </Badge>{' '}
                {e.reason && <Text as="span">{t(`reasons.${e.reason}`)}</Text>}
              </Table.Cell>
              <Table.Cell dir="ltr">{e.subject ?? '—'}</Table.Cell>
              <Table.Cell>{e.providerName ?? '—'}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function Providers() {
  const { t } = useTranslation('saml');
  const overview = useSamlOverview();
  const [adding, setAdding] = useState(false);
  const [params] = useSearchParams();
  if (overview.isPending) return <ListSkeleton testId="saml-loading" />;
  if (overview.isError)
    return <LoadError title={t('loadError')} error={overview.error} onRetry={() => void overview.refetch()} testId="saml-error" />;
  const data = overview.data;
  const full = data.providers.length >= SAML_LIMITS.providersPerOrg;
  return (
    <>
      {params.get('test') === 'ok' && (
        <Alert.Root status="success" data-testid="saml-test-ok">
          <Alert.Indicator />
          <Alert.Description>{t('health.testOk')}</Alert.Description>
        </Alert.Root>
      )}
      <Button colorPalette="brand" alignSelf="flex-start" onClick={() => setAdding(true)} disabled={full} data-testid="saml-add">
        {t('actions.add')}
      </Button>
      <Section id="saml-providers" title={t('providers.title')} text={t('providers.text')}>
        {data.providers.length === 0 ? (
          <EmptyList title={t('empty.title')} text={t('empty.text')} testId="saml-empty" />
        ) : (
          <Stack as="ul" gap="4" listStyleType="none" data-testid="saml-providers">
            {data.providers.map((p) => (
              <ProviderCard key={p.id} provider={p} />
            ))}
          </Stack>
        )}
      </Section>
      <Section id="saml-health" title={t('health.title')} text={t('health.text', { count: SAML_LIMITS.eventsShown })}>
        <Stack gap="2" data-testid="saml-health">
          <Text fontSize="sm">{t('health.spCertificate')}</Text>
          <CertificateLine cert={data.spCertificate} />
          <Events overview={data} />
        </Stack>
      </Section>
      <Section id="saml-enforcement" title={t('enforcement.title')} text={t('enforcement.text')}>
        <Enforcement key={JSON.stringify(data.settings)} overview={data} />
      </Section>
      <ProviderDialog open={adding} onOpenChange={setAdding} />
    </>
  );
}

/** /app/admin/saml: the organisation's identity providers, SSO enforcement and sign-in health (ADMIN). */
export default function SamlPage({ pageId }: PageProps) {
  const { t } = useTranslation(['saml', 'pages']);
  usePageTitle(pageId);
  const session = useSignedInSession();
  return (
    <Stack gap="6" maxWidth="6xl" data-testid="saml-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <SecurityAdminLinks />
      {session.org ? (
        <Providers />
      ) : (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{t('noOrganization')}</Alert.Description>
        </Alert.Root>
      )}
    </Stack>
  );
}
