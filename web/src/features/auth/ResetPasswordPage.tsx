import { Alert, Button, Input, Link, Stack } from '@chakra-ui/react';
import { api, AUTH_LIMITS, forgotPasswordSchema, resetPasswordSchema, type ResetPasswordRequest } from '@muster/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { callEndpoint, errorStatus } from '../../lib/api';
import { useMusterForm } from '../../lib/forms';
import { usePageMeta } from '../site/usePageMeta';
import { AuthCard } from './AuthCard';
import { errorText } from '../../lib/error-text';

function BackToLogin() {
  const { t } = useTranslation('auth');
  return (
    <Link asChild color="brand.fg" fontWeight="semibold">
      <RouterLink to="/login">{t('reset.backToLogin')}</RouterLink>
    </Link>
  );
}

/** Without a token: ask for the email; always answers the same sentence (no account probing). */
function RequestResetLink() {
  const { t } = useTranslation('auth');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useMusterForm(forgotPasswordSchema, { email: '' });
  const forgot = useMutation({
    mutationFn: (body: { email: string }) => callEndpoint(api.auth.forgotPassword, { body }),
    meta: { silent: true },
  });

  return (
    <AuthCard title={t('reset.requestTitle')} subtitle={sentTo === null ? t('reset.requestSubtitle') : undefined} footer={<BackToLogin />}>
      {sentTo !== null ? (
        <Alert.Root status="success" data-testid="reset-sent">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('reset.sentTitle')}</Alert.Title>
            <Alert.Description>{t('reset.sent', { email: sentTo })}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      ) : (
        <form
          noValidate
          onSubmit={(e) =>
            void form.handleSubmit((data) =>
              forgot.mutate(data, {
                onSuccess: () => setSentTo(data.email),
                onError: (err) => {
                  if (!form.setServerErrors(err))
                    toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
                },
              }),
            )(e)
          }
        >
          <Stack gap="4">
            <FormField label={t('reset.email')} error={form.message('email')} required>
              <Input
                {...form.register('email')}
                type="email"
                autoComplete="email"
                inputMode="email"
                dir="ltr"
                autoFocus
                data-testid="reset-email"
              />
            </FormField>
            <Button type="submit" colorPalette="brand" width="full" loading={forgot.isPending} data-testid="reset-send">
              {t('reset.send')}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}

/** With a token: choose the new password twice. */
function SetNewPassword({ token, onRequestNew }: { token: string; onRequestNew: () => void }) {
  const { t } = useTranslation('auth');
  const [state, setState] = useState<'form' | 'done' | 'expired'>('form');
  const form = useMusterForm(resetPasswordSchema, { token, password: '', confirmPassword: '' });
  const reset = useMutation({
    mutationFn: (body: ResetPasswordRequest) => callEndpoint(api.auth.resetPassword, { body }),
    meta: { silent: true },
  });

  // A token that cannot be one (the schema's own check) is an invalid link before any call.
  if (state === 'expired' || !resetPasswordSchema.shape.token.safeParse(token).success) {
    return (
      <AuthCard title={t('reset.expiredTitle')} footer={<BackToLogin />}>
        <Stack gap="4">
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title data-testid="reset-expired">{t('reset.expired')}</Alert.Title>
          </Alert.Root>
          <Button colorPalette="brand" onClick={onRequestNew} data-testid="reset-request-new">
            {t('reset.requestNew')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (state === 'done') {
    return (
      <AuthCard title={t('reset.doneTitle')}>
        <Stack gap="5">
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Description data-testid="reset-done">{t('reset.doneText')}</Alert.Description>
          </Alert.Root>
          <Button asChild colorPalette="brand">
            <RouterLink to="/login">{t('reset.signIn')}</RouterLink>
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const onValid = (data: ResetPasswordRequest) =>
    reset.mutate(data, {
      onSuccess: () => setState('done'),
      onError: (err) => {
        if (errorStatus(err) === 410) setState('expired');
        else if (!form.setServerErrors(err))
          toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
      },
    });

  return (
    <AuthCard
      title={t('reset.setTitle')}
      subtitle={t('reset.setSubtitle', { min: AUTH_LIMITS.passwordMinLength })}
      footer={<BackToLogin />}
    >
      <form noValidate onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
        <Stack gap="4">
          <FormField label={t('reset.password')} error={form.message('password')} required>
            <Input
              {...form.register('password', { deps: 'confirmPassword' })}
              type="password"
              autoComplete="new-password"
              autoFocus
              data-testid="reset-password"
            />
          </FormField>
          <FormField label={t('reset.confirmPassword')} error={form.message('confirmPassword')} required>
            <Input {...form.register('confirmPassword')} type="password" autoComplete="new-password" data-testid="reset-confirm-password" />
          </FormField>
          <Button type="submit" colorPalette="brand" width="full" loading={reset.isPending} data-testid="reset-submit">
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

/** /auth/reset-password and /reset-password (the same screen, spec §2). */
export default function ResetPasswordPage() {
  const [params, setParams] = useSearchParams();
  usePageMeta('resetPassword');
  const token = params.get('token');
  if (token === null) return <RequestResetLink />;
  // Keyed by token so a new link starts a fresh form.
  return <SetNewPassword key={token} token={token} onRequestNew={() => setParams({}, { replace: true })} />;
}
