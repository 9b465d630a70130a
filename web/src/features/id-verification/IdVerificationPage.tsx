import { Alert, Badge, Button, Card, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import {
  ID_IMAGE_ACCEPT,
  ID_IMAGE_SLOTS,
  SECURITY_LIMITS,
  type IdImageSlot,
  type IdVerificationState,
  type MyVerification,
} from '@muster/contracts';
import { useRef, useState } from 'react';
import { formatDate } from '../../lib/format';
import { useTranslation } from 'react-i18next';
import { ListSkeleton, LoadError } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { errorText } from '../../lib/error-text';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useMyVerification, useSubmitVerification, useUploadImage } from './api';

export const STATE_PALETTE: Record<IdVerificationState, string> = {
  draft: 'gray',
  submitted: 'blue',
  in_review: 'purple',
  approved: 'green',
  rejected: 'red',
  more_info: 'orange',
};

function ImagePicker({ slot, uploaded }: { slot: IdImageSlot; uploaded: boolean }) {
  const { t } = useTranslation('idVerification');
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();
  const [error, setError] = useState<string | null>(null);
  const choose = (file: File | undefined) => {
    if (!file) return;
    if (file.size > SECURITY_LIMITS.idImageMaxBytes) {
      setError(t('upload.tooLarge', { megabytes: SECURITY_LIMITS.idImageMaxMb }));
      return;
    }
    setError(null);
    upload.mutate({ slot, file }, { onError: (err) => setError(errorText(t, err)) });
  };
  return (
    <Card.Root variant="outline" size="sm" data-testid={`picker-${slot}`} data-uploaded={uploaded}>
      <Card.Body gap="2">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Stack gap="0">
            <Text fontWeight="semibold">{t(`slots.${slot}.title`)}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t(`slots.${slot}.text`)}
            </Text>
          </Stack>
          <HStack gap="2">
            {uploaded && <Badge colorPalette="green">{t('upload.uploaded')}</Badge>}
            <Button
              size="sm"
              variant="outline"
              loading={upload.isPending}
              onClick={() => input.current?.click()}
              data-testid={`choose-${slot}`}
            >
              {uploaded ? t('upload.replace') : t('upload.choose')}
            </Button>
          </HStack>
        </HStack>
        <VisuallyHidden asChild>
          <input
            ref={input}
            type="file"
            accept={ID_IMAGE_ACCEPT}
            tabIndex={-1}
            aria-label={t(`slots.${slot}.title`)}
            data-testid={`file-${slot}`}
            onChange={(e) => {
              choose(e.target.files?.[0]);
              e.target.value = '';
            }}
          />
        </VisuallyHidden>
        {error && (
          <Text color="fg.error" fontSize="sm" role="alert" data-testid={`upload-error-${slot}`}>
            {error}
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function Verification({ mine }: { mine: MyVerification }) {
  const { t, i18n } = useTranslation('idVerification');
  const submit = useSubmitVerification();
  const current = mine.case;
  const state = current?.state ?? null;
  const editable = state === null || state === 'draft' || state === 'more_info' || state === 'rejected';
  // After a rejection a new upload starts a new case.
  const images = state === 'rejected' ? [] : (current?.images ?? []);
  const ready = ID_IMAGE_SLOTS.every((slot) => images.includes(slot)) && (state === 'draft' || state === 'more_info');
  return (
    <Stack gap="5">
      <Card.Root variant="subtle">
        <Card.Body gap="2">
          <HStack gap="3" wrap="wrap">
            <Text fontWeight="semibold">{t('status')}</Text>
            <Badge
              colorPalette={state ? STATE_PALETTE[state] : 'gray'}
              size="lg"
              data-testid="verification-state"
              data-state={state ?? 'none'}
            >
              {t(`states.${state ?? 'none'}`)}
            </Badge>
          </HStack>
          <Text color="fg.muted" data-testid="verification-explanation">
            {t(`explain.${state ?? 'none'}`)}
          </Text>
          {mine.required && state !== 'approved' && (
            <Text data-testid="verification-required">
              {mine.dueBy ? t('requiredBy', { date: formatDate(mine.dueBy, i18n.resolvedLanguage) }) : t('required')}
            </Text>
          )}
        </Card.Body>
      </Card.Root>
      {state === 'rejected' && current?.reason && (
        <Alert.Root status="error" data-testid="verification-reason">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('reasonTitle')}</Alert.Title>
            <Alert.Description dir="auto">{current.reason}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {state === 'more_info' && current?.message && (
        <Alert.Root status="warning" data-testid="verification-message">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('messageTitle')}</Alert.Title>
            <Alert.Description dir="auto">{current.message}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {editable && (
        <Stack gap="3" as="section" aria-labelledby="id-upload">
          <Text as="h2" id="id-upload" fontWeight="semibold" fontSize="lg">
            {t('upload.title')}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t('upload.text', { megabytes: SECURITY_LIMITS.idImageMaxMb })}
          </Text>
          {ID_IMAGE_SLOTS.map((slot) => (
            <ImagePicker key={slot} slot={slot} uploaded={images.includes(slot)} />
          ))}
          <HStack gap="3" wrap="wrap">
            <Button
              colorPalette="brand"
              disabled={!ready}
              loading={submit.isPending}
              onClick={() => submit.mutate()}
              data-testid="verification-submit"
            >
              {t('submit')}
            </Button>
            {!ready && (
              <Text fontSize="sm" color="fg.muted">
                {t('submitHint')}
              </Text>
            )}
          </HStack>
          {submit.isError && (
            <Text color="fg.error" role="alert">
              {errorText(t, submit.error)}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}

/** /app/profile/id-verification and /app/id-verification: upload two images, submit, follow the state. */
export default function IdVerificationPage({ pageId }: PageProps) {
  const { t } = useTranslation(['idVerification', 'pages']);
  usePageTitle(pageId);
  const mine = useMyVerification();
  return (
    <Stack gap="6" maxWidth="3xl" data-testid="id-verification-page">
      <PageHeader title={t('pages:idVerification.title')} subtitle={t('subtitle')} />
      {mine.isPending ? (
        <ListSkeleton rows={3} testId="verification-loading" />
      ) : mine.isError ? (
        <LoadError title={t('loadError')} error={mine.error} onRetry={() => void mine.refetch()} testId="verification-error" />
      ) : (
        <Verification mine={mine.data} />
      )}
    </Stack>
  );
}
