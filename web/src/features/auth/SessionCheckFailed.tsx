import { Alert, Button, Center, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';

/**
 * The session could not be checked: why, and a button to try again. A module of its own so the
 * error texts (every reason of `@muster/contracts`) load only when it shows, not with the public site.
 */
export default function SessionCheckFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Center minHeight="100dvh" px="4">
      <Stack gap="4" maxWidth="md" align="center">
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('session.checkFailed')}</Alert.Title>
            <Alert.Description>{errorText(t, error)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button onClick={onRetry} colorPalette="brand">
          {t('session.retry')}
        </Button>
      </Stack>
    </Center>
  );
}
