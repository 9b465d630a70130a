import { Alert, Button, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { useMusterForm } from '../../lib/forms';
import { AuthCard } from '../auth/AuthCard';

/** The link back to sign-in under the recovery and restore screens. */
export function BackToLogin() {
  const { t } = useTranslation('recovery');
  return (
    <Link asChild color="brand.fg" fontWeight="semibold">
      <RouterLink to="/login">{t('backToLogin')}</RouterLink>
    </Link>
  );
}

/** A refusal the screen has no field for, as the error toast. */
export function useErrorToast(): (err: unknown) => void {
  const { t } = useTranslation('recovery');
  return (err: unknown) => toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
}

/**
 * A signed-out screen that asks for an email and then says what was sent (the answer is the same
 * for any email): `/recovery` and `/restore`. Texts are keys of the `recovery` namespace under
 * `keys` (title, subtitle, how, submit, sentTitle, sent); test ids start with `testId`.
 */
export function EmailRequestCard({
  schema,
  send,
  keys,
  testId,
  after,
}: {
  schema: z.ZodType<{ email: string }, { email: string }>;
  send: (body: { email: string }) => Promise<unknown>;
  keys: string;
  testId: string;
  after?: ReactNode;
}) {
  const { t } = useTranslation('recovery');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useMusterForm(schema, { email: '' });
  const showError = useErrorToast();
  const ask = useMutation({ mutationFn: send, meta: { silent: true } });
  return (
    <AuthCard title={t(`${keys}.title`)} subtitle={sentTo === null ? t(`${keys}.subtitle`) : undefined} footer={<BackToLogin />}>
      {sentTo !== null ? (
        <Alert.Root status="success" data-testid={`${testId}-asked`}>
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t(`${keys}.sentTitle`)}</Alert.Title>
            <Alert.Description>{t(`${keys}.sent`, { email: sentTo })}</Alert.Description>
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
              {t(`${keys}.how`)}
            </Text>
            <FormField label={t('ask.email')} error={form.message('email')} required>
              <Input
                {...form.register('email')}
                type="email"
                autoComplete="email"
                inputMode="email"
                dir="ltr"
                data-testid={`${testId}-email`}
              />
            </FormField>
            <Button type="submit" colorPalette="brand" width="full" loading={ask.isPending} data-testid={`${testId}-ask`}>
              {t(`${keys}.submit`)}
            </Button>
            {after}
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
