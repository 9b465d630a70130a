import { Alert, Button, Input, Stack, Text } from '@chakra-ui/react';
import { api, SAML_REFUSALS, ssoDiscoverSchema, type SsoDiscoverInput } from '@muster/contracts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { FormField } from '../../components/form/FormField';
import { callEndpoint } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { useMusterForm } from '../../lib/forms';

/** The login page's "Sign in with SSO": the email's domain finds the organisation's identity provider. */
export function SsoSignInForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation(['saml', 'errors']);
  const form = useMusterForm(ssoDiscoverSchema, { email: initialEmail });
  const [failure, setFailure] = useState<string | null>(null);
  const discover = useMutation({
    mutationFn: (body: SsoDiscoverInput) => callEndpoint(api.saml.discover, { body }),
    meta: { silent: true },
  });
  const submit = form.handleSubmit((data) => {
    setFailure(null);
    discover.mutate(data, {
      // The identity provider's sign-in page (a full navigation: it is another site).
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (err) => {
        if (!form.setServerErrors(err)) setFailure(errorText(t, err));
      },
    });
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)}>
      <Stack gap="4">
        <Text fontSize="sm" color="fg.muted">
          {t('signIn.text')}
        </Text>
        {failure && (
          <Alert.Root status="error" data-testid="sso-discover-error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        <FormField label={t('signIn.email')} error={form.message('email')} required>
          <Input {...form.register('email')} type="email" autoComplete="username" inputMode="email" dir="ltr" data-testid="sso-email" />
        </FormField>
        <Button type="submit" colorPalette="brand" width="full" loading={discover.isPending} data-testid="sso-submit">
          {t('signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** Why the last SSO answer was refused (`/login?sso_error=<reason>`), translated. */
export function SsoErrorAlert() {
  const { t } = useTranslation('saml');
  const [params] = useSearchParams();
  const reason = params.get('sso_error');
  if (!reason) return null;
  const known = (SAML_REFUSALS as readonly string[]).includes(reason) ? reason : 'unknown';
  return (
    <Alert.Root status="error" data-testid="sso-error">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('signIn.refusedTitle')}</Alert.Title>
        <Alert.Description>{t(`refusals.${known}`)}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
