import { Button, Center, Container, Heading, HStack, Link, Stack, Text, Wrap } from '@chakra-ui/react';
import { PRODUCT_NAME } from '@muster/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

const LINKS = [
  { id: 'pricing', to: '/pricing' },
  { id: 'solutions', to: '/solutions' },
  { id: 'docs', to: '/docs' },
  { id: 'faq', to: '/faq' },
  { id: 'login', to: '/login' },
] as const;

/** Any path the route table does not know (spec §2 "Not-found page"). */
export default function NotFoundPage() {
  const { t } = useTranslation('shell');
  // The tab carries the page's title too: the product's name followed by "Page Not Found" (spec §2).
  const title = t('notFound.title', { product: PRODUCT_NAME });
  useEffect(() => {
    document.title = title;
    return () => {
      document.title = PRODUCT_NAME;
    };
  }, [title]);
  return (
    <Center minHeight="100dvh" px="4" bg="bg.subtle">
      <Container maxW="2xl" textAlign="center">
        <Stack gap="5" align="center" data-testid="not-found">
          <Text fontSize="6xl" fontWeight="bold" color="brand.fg" lineHeight="1">
            404
          </Text>
          <Heading as="h1" size="3xl">
            {title}
          </Heading>
          <Text color="fg.muted">{t('notFound.text')}</Text>
          <HStack gap="3" wrap="wrap" justify="center">
            <Button asChild colorPalette="brand">
              <RouterLink to="/">{t('notFound.home')}</RouterLink>
            </Button>
            <Button asChild variant="outline">
              <RouterLink to="/app/help-desk">{t('notFound.liveChat')}</RouterLink>
            </Button>
          </HStack>
          <Wrap as="nav" gap="4" justify="center" aria-label={t('notFound.linksLabel')}>
            {LINKS.map((l) => (
              <Link key={l.id} asChild>
                <RouterLink to={l.to}>{t(`notFound.links.${l.id}`)}</RouterLink>
              </Link>
            ))}
          </Wrap>
        </Stack>
      </Container>
    </Center>
  );
}
