import { Button, HStack, Text } from '@chakra-ui/react';
import { api } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callEndpoint, errorStatus } from '../../lib/api';
import { errorText } from '../../lib/error-text';

type Result = { kind: 'valid' } | { kind: 'invalid' } | { kind: 'error'; message: string };

/** Calls GET /api/auth/me and says whether this browser holds a valid session (spec §8). */
export function TestSessionButton() {
  const { t } = useTranslation('auth');
  const [result, setResult] = useState<Result | null>(null);
  const [pending, setPending] = useState(false);

  const run = async () => {
    setPending(true);
    try {
      await callEndpoint(api.auth.me);
      setResult({ kind: 'valid' });
    } catch (err) {
      const status = errorStatus(err);
      setResult(status === 401 || status === 403 ? { kind: 'invalid' } : { kind: 'error', message: errorText(t, err) });
    } finally {
      setPending(false);
    }
  };

  return (
    <HStack justify="space-between" gap="3" wrap="wrap">
      {/* A troubleshooting aid the spec keeps on the login screen: small and quiet beside the sign-in button. */}
      <Button variant="ghost" size="xs" color="fg.muted" onClick={() => void run()} loading={pending} data-testid="test-session">
        {t('login.testSession')}
      </Button>
      <Text
        role="status"
        aria-live="polite"
        fontSize="sm"
        fontWeight="medium"
        color={result?.kind === 'valid' ? 'fg.success' : result ? 'fg.error' : undefined}
        data-testid="session-test-result"
      >
        {result?.kind === 'valid' && t('login.sessionValid')}
        {result?.kind === 'invalid' && t('login.sessionInvalid')}
        {result?.kind === 'error' && t('login.sessionError', { message: result.message })}
      </Text>
    </HStack>
  );
}
