import { Button, Input, Link, Separator, Stack, Tabs, Text } from '@chakra-ui/react';
import { api, loginSchema, PRODUCT_NAME, type LoginRequest } from '@muster/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { callEndpoint, errorStatus } from '../../lib/api';
import { useMusterForm } from '../../lib/forms';
import { usePageMeta } from '../site/usePageMeta';
import { AuthCard } from './AuthCard';
import { MagicCodeForm } from './MagicCodeForm';
import { TestSessionButton } from './TestSessionButton';
import { useCompleteSignIn } from './useCompleteSignIn';
import { errorText, refusalOf } from '../../lib/error-text';
import { isSupportRefusal, SignInRefusal } from '../account-controls/components';
import { SsoErrorAlert, SsoSignInForm } from '../saml/SsoSignIn';

/** The email handed over by the sign-up screen (router state), if any. */
function prefilledEmail(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : '';
}

/** A refusal that means "use single sign-on" (the organisation enforces SSO). */
function isUseSso(err: unknown): boolean {
  return refusalOf(err)?.reason === 'saml.useSso';
}

function PasswordLoginForm({ initialEmail, onUseSso }: { initialEmail: string; onUseSso: () => void }) {
  const { t } = useTranslation('auth');
  const completeSignIn = useCompleteSignIn();
  const form = useMusterForm(loginSchema, { email: initialEmail, password: '' });
  // Support's suspension (or forced reset) stays on the screen with its message.
  const [refusal, setRefusal] = useState<unknown>(null);
  const login = useMutation({
    mutationFn: (body: LoginRequest) => callEndpoint(api.auth.login, { body }),
    meta: { silent: true },
  });

  const onValid = (data: LoginRequest) => {
    setRefusal(null);
    login.mutate(data, {
      onSuccess: completeSignIn,
      onError: (err) => {
        if (form.setServerErrors(err)) return;
        if (isSupportRefusal(err)) {
          form.reset({ email: form.getValues('email'), password: '' });
          setRefusal(err);
          return;
        }
        const status = errorStatus(err);
        if (isUseSso(err)) {
          toaster.create({ type: 'info', title: t('login.failedTitle'), description: errorText(t, err) });
          onUseSso();
          return;
        }
        if (status === 401) {
          // Keep the email, empty the password, and show no "Required" for the emptied field.
          form.reset({ email: form.getValues('email'), password: '' });
          toaster.create({ type: 'error', title: t('login.failedTitle'), description: t('login.failedText') });
        } else if (status === 403 || status === 429) {
          // Single sign-on only, or too many attempts: the server's message says which.
          toaster.create({ type: 'error', title: t('login.failedTitle'), description: errorText(t, err) });
        } else {
          toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
        }
      },
    });
  };

  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
      <Stack gap="4">
        {refusal !== null && <SignInRefusal error={refusal} />}
        <FormField label={t('login.email')} error={form.message('email')} required>
          <Input
            {...form.register('email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            dir="ltr"
            autoFocus={!initialEmail}
            data-testid="login-email"
          />
        </FormField>
        {/* The password follows the email in the tab order; "Forgot password?" comes after the field, not before it. */}
        <Stack gap="1.5">
          <FormField label={t('login.password')} error={form.message('password')} required>
            <Input
              {...form.register('password')}
              type="password"
              autoComplete="current-password"
              autoFocus={Boolean(initialEmail)}
              data-testid="login-password"
            />
          </FormField>
          <Link asChild fontSize="sm" color="brand.fg" alignSelf="flex-end" data-testid="login-forgot-password">
            <RouterLink to="/reset-password">{t('login.forgotPassword')}</RouterLink>
          </Link>
        </Stack>
        <Button type="submit" colorPalette="brand" width="full" loading={login.isPending} data-testid="login-submit">
          {t('login.submit')}
        </Button>
      </Stack>
    </form>
  );
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const completeSignIn = useCompleteSignIn();
  // A refused SSO answer comes back here: the SSO tab is open, with the reason above it.
  const [method, setMethod] = useState(() => (new URLSearchParams(location.search).has('sso_error') ? 'sso' : 'password'));
  const initialEmail = prefilledEmail(location.state);
  usePageMeta('login');

  return (
    <AuthCard
      title={t('login.title', { product: PRODUCT_NAME })}
      subtitle={t('login.subtitle')}
      footer={
        <Stack gap="2" align="center">
          <Text>
            {t('login.noAccount', { product: PRODUCT_NAME })}{' '}
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to="/signup">{t('login.signUp')}</RouterLink>
            </Link>
          </Text>
          <Link asChild color="fg.muted" textDecoration="underline" textUnderlineOffset="3px">
            <RouterLink to="/auditor-login">{t('login.auditorLink')}</RouterLink>
          </Link>
        </Stack>
      }
    >
      <Stack gap="5">
        <SsoErrorAlert />
        <Tabs.Root value={method} onValueChange={(d) => setMethod(d.value)} variant="enclosed" fitted>
          <Tabs.List>
            <Tabs.Trigger value="password" data-testid="login-tab-password">
              {t('login.tabPassword')}
            </Tabs.Trigger>
            <Tabs.Trigger value="code" data-testid="login-tab-code">
              {t('login.tabCode')}
            </Tabs.Trigger>
            <Tabs.Trigger value="sso" data-testid="login-tab-sso">
              {t('login.tabSso')}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="password" pt="5">
            <PasswordLoginForm initialEmail={initialEmail} onUseSso={() => setMethod('sso')} />
          </Tabs.Content>
          <Tabs.Content value="code" pt="5">
            <MagicCodeForm
              idPrefix="magic"
              requestEndpoint={api.auth.requestMagic}
              verifyEndpoint={api.auth.verifyMagic}
              sentText={(email) => t('magic.sent', { email })}
              onSignedIn={completeSignIn}
              initialEmail={initialEmail}
            />
          </Tabs.Content>
          <Tabs.Content value="sso" pt="5">
            <SsoSignInForm initialEmail={initialEmail} />
          </Tabs.Content>
        </Tabs.Root>
        <Separator />
        <TestSessionButton />
      </Stack>
    </AuthCard>
  );
}
