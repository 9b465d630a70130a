import { Box, Button, Container, Heading, HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useSignedInSession } from '../auth/signed-in-session';
import type { PageProps } from '../../lib/page';
import { LogoMark } from '../../shell/Logo';
import { OperatorChatPanel } from './OperatorChatPanel';
import { useOperatorLiveUpdates } from './useOperatorLiveUpdates';
import { usePageTitle } from '../../lib/usePageTitle';

/** /app/chat/:sessionId (no layout, SYSOPS): one chat full screen for its operator. */
export default function ChatSessionPage({ pageId }: PageProps) {
  const { t } = useTranslation(['chat', 'pages']);
  usePageTitle(pageId);
  const session = useSignedInSession();
  const { sessionId = '' } = useParams();
  useOperatorLiveUpdates();
  return (
    <Box minHeight="100dvh" bg="bg.subtle" py={{ base: '3', md: '6' }}>
      <Container maxW="4xl" px={{ base: '3', md: '6' }}>
        <Stack gap="4" bg="bg.panel" borderWidth="1px" borderRadius="xl" p={{ base: '3', md: '5' }}>
          <HStack justify="space-between" gap="3" wrap="wrap">
            <HStack gap="3">
              <LogoMark size={28} />
              <Heading as="h1" size="lg">
                {t('pages:chatSession.title')}
              </Heading>
            </HStack>
            <Button asChild size="sm" variant="outline">
              <RouterLink to={`/app/sysops/live-chat?chat=${encodeURIComponent(sessionId)}`}>{t('console.back')}</RouterLink>
            </Button>
          </HStack>
          <OperatorChatPanel key={sessionId} chatId={sessionId} myUserId={session.user.id} fullScreen />
        </Stack>
      </Container>
    </Box>
  );
}
