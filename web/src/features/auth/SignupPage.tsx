import { Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { api, AUTH_LIMITS, registerSchema, type RegisterRequest } from '@muster/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { callEndpoint } from '../../lib/api';
import { useMusterForm } from '../../lib/forms';
import { usePageMeta } from '../site/usePageMeta';
import { AuthCard } from './AuthCard';
import { SESSION_QUERY_KEY } from './session';
import { errorText } from '../../lib/error-text';
import { browserTimeZone } from '../../lib/time-zone';

export default function SignupPage() {
  const { t } = useTranslation('auth');
  usePageMeta('signup');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useMusterForm(registerSchema, { organizationName: '', email: '', password: '', confirmPassword: '' });
  const register = useMutation({
    mutationFn: (body: RegisterRequest) => callEndpoint(api.auth.register, { body }),
    meta: { silent: true },
  });

  // The new organisation starts in the browser's time zone (its admin can change it in the settings).
  const onValid = (data: RegisterRequest) =>
    register.mutate(
      { ...data, timeZone: browserTimeZone() },
      {
        onSuccess: () => {
          // No session is created: the user signs in next (spec §4).
          queryClient.setQueryData(SESSION_QUERY_KEY, null);
          toaster.create({ type: 'success', title: t('signup.createdTitle'), description: t('signup.createdText') });
          void navigate('/login', { state: { email: data.email } });
        },
        onError: (err) => {
          if (form.setServerErrors(err)) return;
          toaster.create({ type: 'error', title: t('signup.failedTitle'), description: errorText(t, err) });
        },
      },
    );

  return (
    <AuthCard
      title={t('signup.title')}
      subtitle={t('signup.subtitle')}
      footer={
        <Text>
          {t('signup.haveAccount')}{' '}
          <Link asChild color="brand.fg" fontWeight="semibold">
            <RouterLink to="/login">{t('signup.signIn')}</RouterLink>
          </Link>
        </Text>
      }
    >
      <form noValidate onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
        <Stack gap="4">
          <FormField label={t('signup.organizationName')} error={form.message('organizationName')} required>
            <Input {...form.register('organizationName')} autoComplete="organization" autoFocus data-testid="signup-organization" />
          </FormField>
          <FormField label={t('signup.email')} error={form.message('email')} required>
            <Input {...form.register('email')} type="email" autoComplete="email" inputMode="email" dir="ltr" data-testid="signup-email" />
          </FormField>
          <FormField
            label={t('signup.password')}
            helperText={t('signup.passwordHelp', { min: AUTH_LIMITS.passwordMinLength })}
            error={form.message('password')}
            required
          >
            <Input
              {...form.register('password', { deps: 'confirmPassword' })}
              type="password"
              autoComplete="new-password"
              data-testid="signup-password"
            />
          </FormField>
          <FormField label={t('signup.confirmPassword')} error={form.message('confirmPassword')} required>
            <Input
              {...form.register('confirmPassword')}
              type="password"
              autoComplete="new-password"
              data-testid="signup-confirm-password"
            />
          </FormField>
          <Button type="submit" colorPalette="brand" width="full" loading={register.isPending} data-testid="signup-submit">
            {t('signup.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
