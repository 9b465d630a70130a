import { Badge, Skeleton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { useSecurityUser } from './api';

/** A member's ID verification state, for support's view of one user (SYSOPS and above). */
export function VerificationState({ email }: { email: string }) {
  const { t } = useTranslation('security');
  const user = useSecurityUser(email);
  if (user.isPending) return <Skeleton height="6" width="32" />;
  if (user.isError) return <Text color="fg.error">{errorText(t, user.error)}</Text>;
  const state = user.data.verification;
  return (
    <Badge colorPalette={state === 'approved' ? 'green' : state === 'rejected' ? 'red' : 'gray'} data-testid="support-verification-state">
      {t(`states.${state ?? 'none'}`)}
    </Badge>
  );
}
