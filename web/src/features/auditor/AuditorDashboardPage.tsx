import { Alert, Card, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DashboardSkeleton } from '../../shell/Loading';
import { useAuditorContext } from './useAuditorContext';
import { errorText } from '../../lib/error-text';

/** /auditor/dashboard: the guest auditor's welcome, with how long access lasts. */
export default function AuditorDashboardPage() {
  const { t, i18n } = useTranslation('auth');
  const context = useAuditorContext();
  if (context.isPending) return <DashboardSkeleton />;
  if (context.isError || !context.data) {
    return (
      <Alert.Root status="error" role="alert" maxWidth="2xl">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('common:error.title')}</Alert.Title>
          <Alert.Description>{context.isError ? errorText(t, context.error) : t('auditor.noInvite')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  const { auditorName, expiresAt } = context.data.invite;
  const expires = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'long' }).format(new Date(expiresAt));
  return (
    <Card.Root variant="outline" maxWidth="2xl">
      <Card.Body>
        <Stack gap="3">
          <Heading as="h1" size="2xl">
            {t('auditor.welcome', { name: auditorName })}
          </Heading>
          <Text>{t('auditor.intro')}</Text>
          <Text fontSize="sm" color="fg.muted">
            {t('auditor.access', { date: expires })}
          </Text>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
