import { Badge, Card, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { Lockout } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import type { PageProps } from '../../lib/page';
import { usePageTitle } from '../../lib/usePageTitle';
import { useLockouts, useUnlock } from './account-controls-api';
import { ConfirmButton, ControlsHeader } from './components';
import { AttemptsTable } from './UserDetail';

function LockoutCard({ lockout }: { lockout: Lockout }) {
  const { t, i18n } = useTranslation('accountControls');
  const unlock = useUnlock();
  return (
    <Card.Root variant="outline" size="sm" data-testid="lockout-row" data-email={lockout.email} data-locked={lockout.locked}>
      <Card.Body>
        <Stack gap="3">
          <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
            <Stack gap="0">
              <Text fontWeight="semibold" dir="ltr" textAlign="start">
                {lockout.email}
              </Text>
              <Text fontSize="sm" color="fg.muted" dir="auto">
                {lockout.user
                  ? t('lockout.account', { name: lockout.user.name, organization: lockout.user.organization ?? t('platform') })
                  : t('lockout.noAccount')}
              </Text>
            </Stack>
            <Badge colorPalette={lockout.locked ? 'red' : 'orange'}>{lockout.locked ? t('lockout.locked') : t('lockout.counting')}</Badge>
          </HStack>
          <Text fontSize="sm">
            {t('lockout.failures', { count: lockout.failures, threshold: lockout.threshold })}
            {lockout.until ? ` · ${t('lockout.until', { at: formatDateTime(lockout.until, i18n.resolvedLanguage) })}` : ''}
          </Text>
          {lockout.attempts.length > 0 && <AttemptsTable attempts={lockout.attempts} />}
          <ConfirmButton
            label={t('lockout.unlock')}
            title={t('lockout.unlockTitle')}
            text={t('lockout.unlockText', { email: lockout.email })}
            confirm={t('lockout.unlock')}
            colorPalette="brand"
            loading={unlock.isPending}
            onConfirm={(close) =>
              unlock.mutate(
                { email: lockout.email },
                {
                  onSuccess: () => {
                    close();
                    toaster.create({ type: 'success', title: t('lockout.unlocked', { email: lockout.email }) });
                  },
                },
              )
            }
            testId="unlock"
          />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** /app/sysops/unlock: accounts locked (or being counted) by failed sign-ins, with attempts and addresses; unlock. */
export default function UnlockPage({ pageId }: PageProps) {
  const { t } = useTranslation(['accountControls', 'pages']);
  usePageTitle(pageId);
  const lockouts = useLockouts();
  const items = lockouts.data?.items ?? [];
  return (
    <Stack gap="6" maxWidth="5xl" data-testid="unlock-page">
      <ControlsHeader title={t('pages:unlock.title')} intro={t('lockout.intro')} />
      {lockouts.isPending && <Skeleton height="40" />}
      {lockouts.isError && <Text color="fg.error">{errorText(t, lockouts.error)}</Text>}
      {lockouts.isSuccess && items.length === 0 && (
        <Text color="fg.muted" data-testid="lockouts-empty">
          {t('lockout.empty')}
        </Text>
      )}
      <Stack gap="3" data-testid="lockout-list">
        {items.map((lockout) => (
          <LockoutCard key={lockout.email} lockout={lockout} />
        ))}
      </Stack>
    </Stack>
  );
}
