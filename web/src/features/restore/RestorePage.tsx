import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { api, restoreAskSchema, type RestoreAskRequest } from '@muster/contracts';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { callEndpoint, errorStatus } from '../../lib/api';
import { AuthCard } from '../auth/AuthCard';
import { usePageMeta } from '../site/usePageMeta';
import { BackToLogin, EmailRequestCard, useErrorToast } from '../recovery/email-request';

/** A member of a terminated organisation asks to restore it (the answer is the same for any email). */
function AskToRestore() {
  return (
    <EmailRequestCard
      schema={restoreAskSchema}
      send={(body: RestoreAskRequest) => callEndpoint(api.terminations.askRestore, { body })}
      keys="restore"
      testId="restore"
    />
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
