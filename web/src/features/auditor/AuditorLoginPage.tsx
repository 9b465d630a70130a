import { Link, Stack } from '@chakra-ui/react';
import { api, type SessionInfo } from '@muster/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { AuthCard } from '../auth/AuthCard';
import { MagicCodeForm } from '../auth/MagicCodeForm';
import { SESSION_QUERY_KEY } from '../auth/session';
import { usePageMeta } from '../site/usePageMeta';

/** /auditor-login: guest auditors sign in with an emailed code (spec §2, §6). */
export default function AuditorLoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  usePageMeta('auditorLogin');

  const onSignedIn = (session: SessionInfo) => {
    queryClient.setQueryData(SESSION_QUERY_KEY, session);
    void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY, refetchType: 'all' });
    void navigate('/auditor/dashboard', { replace: true });
  };

  return (
    <AuthCard
      title={t('auditor.title')}
      subtitle={t('auditor.subtitle')}
      footer={
        <Link asChild color="brand.fg">
          <RouterLink to="/login">{t('auditor.staffLink')}</RouterLink>
        </Link>
      }
    >
      <Stack gap="4">
        <MagicCodeForm
          idPrefix="auditor"
          showIntro={false}
          requestEndpoint={api.auditor.requestCode}
          verifyEndpoint={api.auditor.verifyCode}
          sentText={(email) => t('auditor.sent', { email })}
          onSignedIn={onSignedIn}
        />
      </Stack>
    </AuthCard>
  );
}
