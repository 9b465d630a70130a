import { Alert, Button, Stack } from '@chakra-ui/react';
import type { SessionInfo } from '@muster/contracts';
import { formatDate } from '../../lib/format';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useSecurityNotices } from './api';

/**
 * The app shell's reminders of what the organisation's security policy asks of the member: pass ID
 * verification (by its date; overdue in red), and set a support PIN. Members of an organisation
 * only; nothing while there is nothing to do.
 */
export function SecurityNoticeBanner({ session }: { session: SessionInfo }) {
  // The shell does not wait for this namespace: the banner shows once it is there.
  const { t, i18n, ready } = useTranslation('security', { useSuspense: false });
  const { pathname } = useLocation();
  const member = session.org !== null && session.role !== 'GUEST_AUDITOR';
  const notices = useSecurityNotices(member);
  if (!member || !ready || !notices.data) return null;
  const { verification, pinRequired } = notices.data;
  const onVerification = pathname.endsWith('/id-verification');
  const showVerification = verification.required && !onVerification;
  const showPin = pinRequired && pathname !== '/app/profile';
  if (!showVerification && !showPin) return null;
  const due = verification.dueBy ? formatDate(verification.dueBy, i18n.resolvedLanguage) : null;
  return (
    <Stack gap="3" marginBottom="5" data-testid="security-notices">
      {showVerification && (
        <Alert.Root status={verification.overdue ? 'error' : 'warning'} data-testid="verification-notice" flexWrap="wrap">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('notice.verificationTitle')}</Alert.Title>
            <Alert.Description>
              {verification.state === 'more_info'
                ? t('notice.verificationMoreInfo')
                : verification.state === 'rejected'
                  ? t('notice.verificationRejected')
                  : due
                    ? t(verification.overdue ? 'notice.verificationOverdue' : 'notice.verificationBy', { date: due })
                    : t('notice.verificationText')}
            </Alert.Description>
          </Alert.Content>
          <Button asChild size="sm" variant="outline" alignSelf="center">
            <RouterLink to="/app/profile/id-verification">{t('notice.verificationAction')}</RouterLink>
          </Button>
        </Alert.Root>
      )}
      {showPin && (
        <Alert.Root status="info" data-testid="pin-notice" flexWrap="wrap">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('notice.pinTitle')}</Alert.Title>
            <Alert.Description>{t('notice.pinText')}</Alert.Description>
          </Alert.Content>
          <Button asChild size="sm" variant="outline" alignSelf="center">
            <RouterLink to="/app/profile">{t('notice.pinAction')}</RouterLink>
          </Button>
        </Alert.Root>
      )}
    </Stack>
  );
}
