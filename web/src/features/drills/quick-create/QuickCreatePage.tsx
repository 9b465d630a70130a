import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { isDrillManager } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useSignedInSession } from '../../auth/signed-in-session';
import type { PageProps } from '../../../lib/page';
import { usePageTitle } from '../../../lib/usePageTitle';
import { QuickCreateWizard } from './QuickCreateWizard';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /app/drills/quick-create: the quick drill wizard (ADMIN and MANAGER; others are told why not). */
export default function QuickCreatePage({ pageId }: PageProps) {
  const { t } = useTranslation(['drillRuns', 'drills']);
  usePageTitle(pageId);
  const session = useSignedInSession();
  const [params] = useSearchParams();
  const preset = params.get('template');
  const allowed = Boolean(session.org) && isDrillManager(session.role);

  return (
    <Stack gap="5" maxWidth="4xl" data-testid="quick-create-page">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('wizard.title')}
        </Heading>
        {allowed && <Text color="fg.muted">{t('wizard.subtitle')}</Text>}
      </Stack>
      {allowed ? (
        <QuickCreateWizard me={{ userId: session.user.id }} presetTemplateId={preset && UUID.test(preset) ? preset : null} />
      ) : (
        <Alert.Root status="info" data-testid="quick-create-denied">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('wizard.deniedTitle')}</Alert.Title>
            <Alert.Description>{session.org ? t('wizard.deniedText') : t('errors.noOrganization', { ns: 'drills' })}</Alert.Description>
          </Alert.Content>
          <Button asChild size="sm" variant="outline" alignSelf="center">
            <RouterLink to="/app/drills/runs">{t('wizard.toRuns')}</RouterLink>
          </Button>
        </Alert.Root>
      )}
    </Stack>
  );
}
