import { Alert, Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { api, restoreAskSchema, type RestoreAskRequest } from '@muster/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { callEndpoint, errorStatus } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { useMusterForm } from '../../lib/forms';
import { AuthCard } from '../auth/AuthCard';
import { usePageMeta } from '../site/usePageMeta';

function BackToLogin() {
  const { t } = useTranslation('recovery');
  return (
    <Link asChild color="brand.fg" fontWeight="semibold">
      <RouterLink to="/login">{t('backToLogin')}</RouterLink>
    </Link>
  );
}

function useErrorToast() {
  const { t } = useTranslation('recovery');
  return (err: unknown) => toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
}

/** A member of a terminated organisation asks to restore it (the answer is the same for any email). */
function AskToRestore() {
  const { t } = useTranslation('recovery');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const showError = useErrorToast();
  const form = useMusterForm(restoreAskSchema, { email: '' });
  const ask = useMutation({
    mutationFn: (body: RestoreAskRequest) => callEndpoint(api.terminations.askRestore, { body }),
    meta: { silent: true },
  });
  return (
    <AuthCard title={t('restore.title')} subtitle={sentTo === null ? t('restore.subtitle') : undefined} footer={<BackToLogin />}>
      {sentTo !== null ? (
        <Alert.Root status="success" data-testid="restore-asked">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('restore.sentTitle')}</Alert.Title>
            <Alert.Description>{t('restore.sent', { email: sentTo })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <form
          noValidate
          onSubmit={(e) =>
            void form.handleSubmit((data) =>
              ask.mutate(data, {
                onSuccess: () => setSentTo(data.email),
                onError: (err) => {
                  if (!form.setServerErrors(err)) showError(err);
                },
              }),
            )(e)
          }
        >
          <Stack gap="4">
            <Text fontSize="sm" color="fg.muted">
              {t('restore.how')}
            </Text>
            <FormField label={t('ask.email')} error={form.message('email')} required>
              <Input
                {...form.register('email')}
                type="email"
                autoComplete="email"
                inputMode="email"
                dir="ltr"
                data-testid="restore-email"
              />
            </FormField>
            <Button type="submit" colorPalette="brand" width="full" loading={ask.isPending} data-testid="restore-ask">
              {t('restore.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

/** The emailed confirmation link: confirmed with a click, then it waits for a support operator. */
function ConfirmRestore({ token }: { token: string }) {
  const { t } = useTranslation('recovery');
  const showError = useErrorToast();
  const confirm = useMutation({
    mutationFn: () => callEndpoint(api.terminations.confirmRestore, { body: { token } }),
    meta: { silent: true },
  });
  const invalid = confirm.isError && errorStatus(confirm.error) === 410;
  return (
    <AuthCard title={t('restore.confirmTitle')} footer={<BackToLogin />}>
      {invalid ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title data-testid="restore-invalid-link">{t('invalid.text')}</Alert.Title>
        </Alert.Root>
      ) : confirm.isSuccess ? (
        <Alert.Root status="success" data-testid="restore-confirmed">
          <Alert.Indicator />
          <Alert.Description>{t('restore.confirmed', { organization: confirm.data.organizationName })}</Alert.Description>
        </Alert.Root>
      ) : (
        <Stack gap="4">
          <Text>{t('restore.confirmText')}</Text>
          <Button
            colorPalette="brand"
            loading={confirm.isPending}
            onClick={() => confirm.mutate(undefined, { onError: showError })}
            data-testid="restore-confirm"
          >
            {t('restore.confirm')}
          </Button>
        </Stack>
      )}
    </AuthCard>
  );
}

/** /restore (no layout): self-service restore of an organisation terminated less than 90 days ago. */
export default function RestorePage() {
  usePageMeta('restore');
  const [params] = useSearchParams();
  const token = params.get('confirm');
  return token ? <ConfirmRestore key={token} token={token} /> : <AskToRestore />;
}
