import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { PageProps } from '../../lib/page';
import { usePageMeta } from '../site/usePageMeta';

/** A public page of the site (its full copy arrives with the public-site work). */
export default function PublicTopicPage({ pageId }: PageProps) {
  const { t } = useTranslation(['pages', 'shell']);
  usePageMeta(pageId);
  return (
    <Container maxW="4xl" py={{ base: '10', md: '16' }}>
      <Stack gap="5" data-testid="feature-page" data-page-id={pageId}>
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
          {t(`${pageId}.title`)}
        </Heading>
        <Text fontSize="lg" color="fg.muted">
          {t(`${pageId}.text`)}
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button asChild colorPalette="brand">
            <RouterLink to="/signup">{t('shell:public.nav.signup')}</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to="/contact">{t('shell:public.nav.contact')}</RouterLink>
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
