import { Stack, Text } from '@chakra-ui/react';
import { displayNameOf, type SessionInfo } from '@muster/contracts';
import { useTranslation } from 'react-i18next';

/** The person's name (first and last, else the username) with role and organisation ("Platform Admin" without one). */
export function UserBadge({ session, align = 'end' }: { session: SessionInfo; align?: 'start' | 'end' }) {
  const { t } = useTranslation('shell');
  return (
    <Stack gap="0" textAlign={align} data-testid="user-badge" minWidth="0">
      <Text fontSize="sm" fontWeight="semibold" truncate dir="auto" data-testid="user-badge-name">
        {displayNameOf(session.user)}
      </Text>
      <Text fontSize="xs" color="fg.muted" truncate>
        {t('topBar.roleAt', { role: t(`common:roles.${session.role}`), org: session.org?.name ?? t('common:platformAdmin') })}
      </Text>
    </Stack>
  );
}
