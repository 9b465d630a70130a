import {
  Alert,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Code,
  Heading,
  HStack,
  Input,
  Link,
  Progress,
  SegmentGroup,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { createAuditBundleSchema, type AuditBundleView } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { errorText, reasonText } from '../../../lib/error-text';
import { formatBytes, formatCount, formatDateTime } from '../../../lib/format';
import { useMusterForm, useSearchForm } from '../../../lib/forms';
import { useBuildBundle, useBundleEvents, useBundles, useScopeRecords } from './api';

const STATUS_PALETTE = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' } as const;

/** A bundle's progress while it is built (stage and percent), as the documents engine shows a render. */
function BundleProgress({ bundle }: { bundle: AuditBundleView }) {
  const { t } = useTranslation('documents');
  return (
    <Progress.Root value={bundle.percent} size="sm" data-testid="bundle-progress" data-percent={bundle.percent}>
      <HStack justify="space-between" gap="3">
        <Progress.Label fontSize="xs">{t(`stages.${bundle.stage}`)}</Progress.Label>
        <Progress.ValueText fontSize="xs">{t('percent', { percent: bundle.percent })}</Progress.ValueText>
      </HStack>
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap="0" minW="0">
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Box fontSize="sm" minW="0">
        {children}
      </Box>
    </Stack>
  );
}

function BundleCard({ bundle }: { bundle: AuditBundleView }) {
  const { t, i18n } = useTranslation(['auditBundles', 'errors']);
  const language = i18n.resolvedLanguage;
  const building = bundle.status === 'queued' || bundle.status === 'running';
  return (
    <Card.Root variant="outline" data-testid="bundle" data-bundle-id={bundle.id} data-status={bundle.status}>
      <Card.Body gap="3">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading as="h3" size="sm">
            {t('bundleOf', { date: formatDateTime(bundle.createdAt, language) })}
          </Heading>
          <Badge colorPalette={STATUS_PALETTE[bundle.status]} data-testid="bundle-status">
            {t(`status.${bundle.status}`)}
          </Badge>
        </HStack>
        {building && <BundleProgress bundle={bundle} />}
        {bundle.status === 'failed' && (
          <Text fontSize="sm" color="fg.error" role="alert" data-testid="bundle-error">
            {reasonText(t, bundle.reason ?? 'auditor.bundleFailed')}
          </Text>
        )}
        <Box display="grid" gridTemplateColumns={{ base: '1fr 1fr', md: 'repeat(4, minmax(0, 1fr))' }} gap="3">
          <Fact label={t('fields.records')}>{formatCount(bundle.recordCount, language)}</Fact>
          <Fact label={t('fields.size')}>{bundle.sizeBytes === null ? '—' : formatBytes(bundle.sizeBytes, language)}</Fact>
          <Fact label={t('fields.expires')}>{formatDateTime(bundle.expiresAt, language)}</Fact>
          <Fact label={t('fields.key')}>
            <Text as="span" fontFamily="mono" dir="ltr">
              {bundle.kid ?? '—'}
            </Text>
          </Fact>
        </Box>
        {bundle.manifestSha256 && (
          <Fact label={t('fields.manifest')}>
            <Code dir="ltr" wordBreak="break-all" whiteSpace="normal" fontSize="xs" data-testid="bundle-manifest-sha256">
              {bundle.manifestSha256}
            </Code>
          </Fact>
        )}
        {bundle.downloadUrl ? (
          <HStack>
            <Button asChild size="sm" colorPalette="brand" data-testid="bundle-download">
              <a href={bundle.downloadUrl} download>
                {t('download')}
              </a>
            </Button>
          </HStack>
        ) : (
          bundle.status === 'done' && (
            <Text fontSize="sm" color="fg.muted">
              {t('expired')}
            </Text>
          )
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** "Build a bundle": every record in scope, or a checklist of them. */
function BuildCard() {
  const { t } = useTranslation(['auditBundles', 'errors']);
  const [mode, setMode] = useState<'all' | 'choose'>('all');
  const [q, setQ] = useState('');
  const search = useSearchForm(q, setQ);
  const records = useScopeRecords(q, null, mode === 'choose');
  const build = useBuildBundle();
  const form = useMusterForm(createAuditBundleSchema, { recordIds: [] });
  const chosen = form.watch('recordIds') ?? [];

  const toggle = (id: string, on: boolean) => {
    const next = on ? [...chosen, id] : chosen.filter((c) => c !== id);
    form.setValue('recordIds', next, { shouldValidate: form.formState.isSubmitted });
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await build.mutateAsync(mode === 'all' ? {} : { recordIds: values.recordIds ?? [] });
      form.reset({ recordIds: [] });
    } catch (error) {
      form.setServerErrors(error);
    }
  });

  return (
    <Card.Root variant="subtle" data-testid="bundle-build">
      <Card.Body gap="4">
        <Stack gap="1">
          <Heading as="h2" size="md">
            {t('build.title')}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            {t('build.help')}
          </Text>
        </Stack>
        <SegmentGroup.Root
          value={mode}
          onValueChange={(e) => setMode(e.value === 'choose' ? 'choose' : 'all')}
          size="sm"
          alignSelf="start"
          maxW="full"
          data-testid="bundle-mode"
        >
          <SegmentGroup.Indicator />
          <SegmentGroup.Items
            items={[
              { value: 'all', label: t('build.all') },
              { value: 'choose', label: t('build.choose') },
            ]}
          />
        </SegmentGroup.Root>
        {mode === 'choose' && (
          <Stack gap="3">
            <form noValidate onSubmit={search.onSubmit} role="search">
              <HStack gap="2" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
                <Input {...search.field} placeholder={t('build.search')} aria-label={t('build.search')} data-testid="bundle-search" />
                <Button type="submit" variant="outline">
                  {t('build.searchButton')}
                </Button>
              </HStack>
            </form>
            {records.isPending ? (
              <Stack gap="2">
                <Skeleton height="5" />
                <Skeleton height="5" />
                <Skeleton height="5" />
              </Stack>
            ) : records.isError ? (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Description>{errorText(t, records.error)}</Alert.Description>
              </Alert.Root>
            ) : records.data.items.length === 0 ? (
              <Text fontSize="sm" color="fg.muted" data-testid="bundle-records-empty">
                {t('build.noRecords')}
              </Text>
            ) : (
              <Stack gap="2" maxH="72" overflowY="auto" data-testid="bundle-records">
                {records.data.items.map((record) => (
                  <Checkbox.Root
                    key={record.id}
                    checked={chosen.includes(record.id)}
                    onCheckedChange={(e) => toggle(record.id, e.checked === true)}
                    alignItems="start"
                    data-testid="bundle-record"
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control mt="0.5" />
                    <Checkbox.Label fontWeight="normal">
                      <bdi>{record.title}</bdi>{' '}
                      <Text as="span" color="fg.muted" fontSize="xs">
                        {t('build.period', { from: record.from, to: record.to })}
                      </Text>
                    </Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </Stack>
            )}
            {records.data && records.data.total > records.data.items.length && (
              <Text fontSize="xs" color="fg.muted">
                {t('build.more', { shown: records.data.items.length, total: records.data.total })}
              </Text>
            )}
          </Stack>
        )}
        {form.message('recordIds') && (
          <Text fontSize="sm" color="fg.error" role="alert" data-testid="bundle-build-field-error">
            {form.message('recordIds')}
          </Text>
        )}
        {build.isError && !form.message('recordIds') && (
          <Alert.Root status="error" data-testid="bundle-build-error">
            <Alert.Indicator />
            <Alert.Description>{errorText(t, build.error)}</Alert.Description>
          </Alert.Root>
        )}
        <HStack>
          <Button
            colorPalette="brand"
            onClick={() => void submit()}
            loading={build.isPending}
            disabled={mode === 'choose' && chosen.length === 0}
            data-testid="bundle-build-submit"
          >
            {mode === 'all' ? t('build.submitAll') : t('build.submitChosen', { count: chosen.length })}
          </Button>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * /auditor/bundles: the guest auditor builds signed zips of the evidence in scope (all of it or a
 * chosen few), follows each build's progress live, and downloads them while the invite lasts. An
 * ADMIN previewing an invite (`?preview=`) sees the list read-only.
 */
export default function AuditorBundlesPage() {
  const { t } = useTranslation(['auditBundles', 'errors']);
  const [params] = useSearchParams();
  const preview = params.get('preview');
  const bundles = useBundles(preview);
  useBundleEvents();

  return (
    <Stack gap="6" maxW="4xl" data-testid="auditor-bundles-page">
      <Stack gap="2">
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {t('title')}
        </Heading>
        <Text color="fg.muted">{t('intro')}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('verifyHint')}{' '}
          <Link href="/verify-packet" color="brand.fg">
            {t('verifyLink')}
          </Link>
        </Text>
      </Stack>
      {preview ? (
        <Alert.Root status="info" data-testid="bundle-preview">
          <Alert.Indicator />
          <Alert.Description>{t('preview')}</Alert.Description>
        </Alert.Root>
      ) : (
        <BuildCard />
      )}
      <Stack gap="3">
        <Heading as="h2" size="md">
          {t('list.title')}
        </Heading>
        {bundles.isPending ? (
          <Stack gap="3" data-testid="bundles-loading">
            <Skeleton height="32" />
            <Skeleton height="32" />
          </Stack>
        ) : bundles.isError ? (
          <Alert.Root status="error" role="alert" data-testid="bundles-error">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('list.error')}</Alert.Title>
              <Alert.Description>{errorText(t, bundles.error)}</Alert.Description>
            </Alert.Content>
            <Button size="sm" variant="outline" onClick={() => void bundles.refetch()} ms="auto">
              {t('list.retry')}
            </Button>
          </Alert.Root>
        ) : bundles.data.items.length === 0 ? (
          <Card.Root variant="outline" data-testid="bundles-empty">
            <Card.Body>
              <Text color="fg.muted">{preview ? t('list.emptyPreview') : t('list.empty')}</Text>
            </Card.Body>
          </Card.Root>
        ) : (
          <Stack gap="3" data-testid="bundles">
            {bundles.data.items.map((bundle) => (
              <BundleCard key={bundle.id} bundle={bundle} />
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
