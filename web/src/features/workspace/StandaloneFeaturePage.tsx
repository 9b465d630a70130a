import { Box, Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { PageProps } from '../../lib/page';
import { LogoMark } from '../../shell/Logo';
import { usePageMeta } from '../site/usePageMeta';

/** The same as FeaturePage for screens without a layout (help desk, mobile chat, recovery…). */
export default function StandaloneFeaturePage({ pageId }: PageProps) {
  const { t } = useTranslation('pages');
  usePageMeta(pageId);
  return (
    <Center minHeight="100dvh" px="4" bg="bg.subtle">
      <Box
        bg="bg.panel"
        borderWidth="1px"
        borderRadius="xl"
        p={{ base: '6', md: '8' }}
        maxWidth="lg"
        width="100%"
        data-testid="feature-page"
        data-page-id={pageId}
      >
        <Stack gap="4">
          <LogoMark size={40} />
          <Heading as="h1" size="2xl">
            {t(`${pageId}.title`)}
          </Heading>
          <Text>{t(`${pageId}.text`)}</Text>
          <Button asChild variant="outline" alignSelf="flex-start">
            <RouterLink to="/">{t('backHome')}</RouterLink>
          </Button>
        </Stack>
      </Box>
    </Center>
  );
}
