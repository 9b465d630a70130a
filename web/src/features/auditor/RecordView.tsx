import { Alert, Badge, Box, Button, Card, Flex, Heading, HStack, Image, Link, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { AUDITOR_PORTAL_LIMITS, reviewEvidenceSchema, type EvidenceDetail } from '@muster/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/form/FormField';
import { ListSkeleton, LoadError } from '../../components/list';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { formatBytes, formatDate, formatDateTime } from '../../lib/format';
import { useMusterForm } from '../../lib/forms';
import { StateBadge } from './StateBadge';
import { evidenceFileUrl, useAuditorRecord, useReviewRecord, useStampedDownload } from './portal';
import { RuleLabel } from './RuleLabel';

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap="0.5" minWidth="0" data-testid={testId}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box>{children}</Box>
    </Stack>
  );
}

/** The file as stored, in the browser: PDFs in a frame, images as images; opening it is a custody event. */
function Viewer({ record, preview, onViewed }: { record: EvidenceDetail; preview: string | null; onViewed: () => void }) {
  const { t } = useTranslation('auditorPortal');
  const src = evidenceFileUrl(record.id, 'inline', preview);
  if (record.contentType === 'application/pdf') {
    return (
      <Box width="full" height={{ base: '60vh', md: '75vh' }} borderWidth="1px" borderRadius="l2" overflow="hidden" bg="bg.muted" asChild>
        <iframe src={src} title={t('record.viewerTitle', { title: record.title })} onLoad={onViewed} data-testid="evidence-viewer-pdf" />
      </Box>
    );
  }
  if (record.contentType === 'image/png' || record.contentType === 'image/jpeg') {
    return (
      <Image
        src={src}
        alt={record.title}
        maxHeight="75vh"
        maxWidth="full"
        objectFit="contain"
        borderWidth="1px"
        borderRadius="l2"
        onLoad={onViewed}
        data-testid="evidence-viewer-image"
      />
    );
  }
  return <Text color="fg.muted">{t('record.noViewer')}</Text>;
}

/** "Flag" with the comment a flag needs (the contract's schema, as the server checks it). */
function FlagForm({ record, preview, onDone }: { record: EvidenceDetail; preview: string | null; onDone: () => void }) {
  const { t } = useTranslation(['auditorPortal', 'errors']);
  const review = useReviewRecord(preview);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useMusterForm(reviewEvidenceSchema, {
    state: 'flagged',
    comment: record.review?.state === 'flagged' ? (record.review.comment ?? '') : '',
  });
  const submit = form.handleSubmit((body) => {
    setFailure(null);
    review.mutate(
      { id: record.id, body: { state: body.state, comment: body.comment ?? undefined } },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('review.flaggedDone') });
          onDone();
        },
        onError: (err) => {
          if (!form.setServerErrors(err)) setFailure(errorText(t, err));
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="flag-form">
      <Stack gap="4">
        {failure && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        <FormField label={t('review.comment')} error={form.message('comment')} helperText={t('review.commentHelp')} required>
          <Textarea
            {...form.register('comment')}
            rows={5}
            maxLength={AUDITOR_PORTAL_LIMITS.commentMax}
            dir="auto"
            data-testid="flag-comment"
          />
        </FormField>
        <Button type="submit" colorPalette="red" alignSelf="flex-start" loading={review.isPending} data-testid="flag-submit">
          {t('review.flagSubmit')}
        </Button>
      </Stack>
    </form>
  );
}

/** The auditor's verdict: accept, or flag with a comment (not offered in a preview). */
function ReviewPanel({ record, preview }: { record: EvidenceDetail; preview: string | null }) {
  const { t, i18n } = useTranslation(['auditorPortal', 'common', 'errors']);
  const review = useReviewRecord(preview);
  const state = record.review?.state ?? 'pending';
  const accept = () =>
    review.mutate(
      { id: record.id, body: { state: 'accepted' } },
      {
        onSuccess: () => toaster.create({ type: 'success', title: t('review.acceptedDone') }),
        onError: (err) => toaster.create({ type: 'error', title: t('review.failed'), description: errorText(t, err) }),
      },
    );
  return (
    <Card.Root variant="outline" data-testid="evidence-review">
      <Card.Header>
        <Heading as="h2" size="md">
          {t('review.title')}
        </Heading>
      </Card.Header>
      <Card.Body gap="3">
        <HStack gap="2" wrap="wrap">
          <StateBadge state={state} />
          {record.review?.at && (
            <Text fontSize="sm" color="fg.muted">
              {formatDateTime(record.review.at, i18n.resolvedLanguage)}
            </Text>
          )}
        </HStack>
        {record.review?.comment && (
          <Text dir="auto" whiteSpace="pre-wrap" data-testid="evidence-review-comment">
            {record.review.comment}
          </Text>
        )}
        {preview ? (
          <Text fontSize="sm" color="fg.muted">
            {t('review.previewOnly')}
          </Text>
        ) : (
          <HStack gap="2" wrap="wrap">
            <Button
              colorPalette="green"
              variant="outline"
              onClick={accept}
              loading={review.isPending}
              disabled={state === 'accepted'}
              data-testid="evidence-accept"
            >
              {t('review.accept')}
            </Button>
            <FormDialog
              trigger={
                <Button colorPalette="red" variant="outline" data-testid="evidence-flag">
                  {state === 'flagged' ? t('review.editFlag') : t('review.flag')}
                </Button>
              }
              title={t('review.flagTitle', { title: record.title })}
              testId="flag-dialog"
              closeLabel={t('review.close')}
            >
              {(close) => <FlagForm record={record} preview={preview} onDone={close} />}
            </FormDialog>
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

/** One record: its facts and SHA-256, the file inline, the stamped download, the verdict, holds and custody. */
export function RecordView({ id, preview, backTo }: { id: string; preview: string | null; backTo: string }) {
  const { t, i18n } = useTranslation(['auditorPortal', 'common', 'errors']);
  const language = i18n.resolvedLanguage;
  const detail = useAuditorRecord(id, preview);
  const download = useStampedDownload(preview);
  const [viewing, setViewing] = useState(false);

  const back = (
    <Link asChild color="brand.fg" alignSelf="flex-start">
      <RouterLink to={backTo} data-testid="evidence-back">
        {t('record.back')}
      </RouterLink>
    </Link>
  );
  if (detail.isPending) {
    return (
      <Stack gap="4">
        {back}
        <ListSkeleton rows={3} testId="evidence-record-loading" />
      </Stack>
    );
  }
  if (detail.isError) {
    return (
      <Stack gap="4">
        {back}
        <LoadError
          title={t('record.loadError')}
          error={detail.error}
          onRetry={() => void detail.refetch()}
          testId="evidence-record-error"
        />
      </Stack>
    );
  }
  const record = detail.data;
  const startDownload = () =>
    download.mutate(
      { id: record.id, fileName: record.fileName },
      { onError: (err) => toaster.create({ type: 'error', title: t('record.downloadFailed'), description: errorText(t, err) }) },
    );

  return (
    <Stack gap="6" data-testid="evidence-record" data-id={record.id}>
      {back}
      <Stack gap="2">
        <Heading as="h1" size="2xl" dir="auto" overflowWrap="anywhere">
          {record.title}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Badge variant="outline">{t(`kinds.${record.kind}`)}</Badge>
          <StateBadge state={record.review?.state ?? 'pending'} />
        </HStack>
        {record.description && (
          <Text dir="auto" whiteSpace="pre-wrap">
            {record.description}
          </Text>
        )}
      </Stack>

      {record.hold && (
        <Alert.Root status="info" data-testid="evidence-hold">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('record.onHold')}</Alert.Title>
            <Alert.Description dir="auto">{record.hold.reason}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}

      <Card.Root variant="outline">
        <Card.Body>
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="4">
            <Fact label={t('record.period')}>
              <Text>{t('list.period', { from: formatDate(record.from, language), to: formatDate(record.to, language) })}</Text>
            </Fact>
            <Fact label={t('record.facility')}>
              <Text dir="auto">{record.facility ?? t('record.wholeOrganisation')}</Text>
            </Fact>
            <Fact label={t('record.addedBy')}>
              <Text dir="auto">
                {t('record.addedByValue', { name: record.addedBy.name, date: formatDateTime(record.createdAt, language) })}
              </Text>
            </Fact>
            <Fact label={t('record.file')}>
              <Text dir="auto" overflowWrap="anywhere">
                {t('record.fileValue', { name: record.fileName, size: formatBytes(record.size, language) })}
              </Text>
            </Fact>
            {record.source && (
              <Fact label={t('record.source')}>
                <Text dir="auto">{record.source.label}</Text>
              </Fact>
            )}
            <Fact label={t('record.retainUntil')}>
              <Text>{formatDate(record.retainUntil.slice(0, 10), language)}</Text>
            </Fact>
          </SimpleGrid>
          <Stack gap="1" mt="4">
            <Text fontSize="sm" color="fg.muted">
              {t('record.rules')}
            </Text>
            <Stack as="ul" gap="1" ps="5" fontSize="sm">
              {record.ruleIds.map((ruleId) => (
                <li key={ruleId}>
                  <RuleLabel id={ruleId} />
                </li>
              ))}
            </Stack>
          </Stack>
          <Stack gap="1" mt="4">
            <Text fontSize="sm" color="fg.muted">
              {t('record.sha256')}
            </Text>
            <Text fontFamily="mono" fontSize="sm" dir="ltr" textAlign="start" wordBreak="break-all" data-testid="evidence-sha256">
              {record.sha256}
            </Text>
            <Text fontSize="xs" color="fg.muted">
              {t('record.sha256Help')}
            </Text>
          </Stack>
        </Card.Body>
      </Card.Root>

      <Stack gap="3" as="section" aria-labelledby="evidence-file-heading">
        <Flex gap="2" justify="space-between" align="center" wrap="wrap">
          <Heading as="h2" size="md" id="evidence-file-heading">
            {t('record.fileHeading')}
          </Heading>
          <HStack gap="2" wrap="wrap">
            {!viewing && (
              <Button variant="outline" onClick={() => setViewing(true)} data-testid="evidence-view">
                {t('record.view')}
              </Button>
            )}
            <Button colorPalette="brand" onClick={startDownload} loading={download.isPending} data-testid="evidence-download">
              {t('record.download')}
            </Button>
          </HStack>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {t('record.downloadHelp')}
        </Text>
        {viewing && <Viewer record={record} preview={preview} onViewed={() => void detail.refetch()} />}
      </Stack>

      <ReviewPanel record={record} preview={preview} />

      {record.holds.length > 0 && (
        <Stack gap="2" as="section" aria-labelledby="evidence-holds-heading">
          <Heading as="h2" size="md" id="evidence-holds-heading">
            {t('record.holds')}
          </Heading>
          <Stack as="ul" gap="2" listStyleType="none">
            {record.holds.map((hold) => (
              <Box as="li" key={hold.id} borderWidth="1px" borderRadius="l2" p="3">
                <Text dir="auto">{hold.reason}</Text>
                <Text fontSize="sm" color="fg.muted">
                  {hold.releasedAt
                    ? t('record.holdReleased', {
                        placed: formatDateTime(hold.placedAt, language),
                        released: formatDateTime(hold.releasedAt, language),
                      })
                    : t('record.holdActive', { name: hold.placedBy.name, placed: formatDateTime(hold.placedAt, language) })}
                </Text>
              </Box>
            ))}
          </Stack>
        </Stack>
      )}

      <Stack gap="2" as="section" aria-labelledby="evidence-custody-heading" data-testid="evidence-custody">
        <Heading as="h2" size="md" id="evidence-custody-heading">
          {t('record.custody')}
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          {t('record.custodyHelp')}
        </Text>
        {record.custody.length === 0 ? (
          <Text color="fg.muted">{t('record.noCustody')}</Text>
        ) : (
          <Stack as="ol" gap="0" listStyleType="none" borderWidth="1px" borderRadius="l2">
            {[...record.custody].reverse().map((event) => (
              <Stack
                as="li"
                key={event.id}
                gap="0.5"
                px="3"
                py="2"
                borderBottomWidth="1px"
                _last={{ borderBottomWidth: '0' }}
                data-testid="custody-event"
                data-action={event.action}
              >
                <Flex gap="2" justify="space-between" wrap="wrap">
                  <Text fontWeight="medium">{t(`custody.${event.action}`, { name: event.actor })}</Text>
                  <Text fontSize="sm" color="fg.muted">
                    {formatDateTime(event.at, language)}
                  </Text>
                </Flex>
                {event.detail && (
                  <Text fontSize="sm" dir="auto" overflowWrap="anywhere">
                    {event.detail}
                  </Text>
                )}
                <Text fontSize="xs" color="fg.muted" fontFamily="mono" dir="ltr" textAlign="start" wordBreak="break-all">
                  {t('record.chainEntry', { seq: event.seq, hash: event.hash.slice(0, 16) })}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
