import { Box, Button, Container, Heading, HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { PageProps } from '../../lib/page';
import { LanguageSelect } from '../../shell/LanguageSelect';
import { LogoMark } from '../../shell/Logo';
import { useAppConfig } from '../../shell/useAppConfig';
import { usePageTitle } from '../../lib/usePageTitle';
import { HelpDesk } from './HelpDesk';

/** /app/help-desk and /mobile-chat (no layout, visitors welcome): the help desk, full screen. */
export default function HelpDeskPage({ pageId }: PageProps) {
  const { t } = useTranslation(['helpdesk', 'pages']);
  const { assistantName } = useAppConfig();
  usePageTitle(pageId);
  return (
    <Box minHeight="100dvh" bg="bg.subtle" py={{ base: '3', md: '8' }}>
      <Container maxW="2xl" px={{ base: '3', md: '6' }}>
        <Stack gap="4" bg="bg.panel" borderWidth="1px" borderRadius="xl" p={{ base: '4', md: '6' }} data-testid="help-desk-page">
          <HStack justify="space-between" gap="3" wrap="wrap">
            <HStack gap="3" minWidth="0">
              <RouterLink to="/" aria-label={t('page.home')}>
                <LogoMark size={32} />
              </RouterLink>
              <Heading as="h1" size={{ base: 'lg', md: 'xl' }}>
                {t('page.title', { name: assistantName })}
              </Heading>
            </HStack>
            <HStack gap="2">
              <LanguageSelect />
              <Button asChild size="sm" variant="ghost">
                <RouterLink to="/">{t('page.back')}</RouterLink>
              </Button>
            </HStack>
          </HStack>
          <HelpDesk />
        </Stack>
      </Container>
    </Box>
  );
}
