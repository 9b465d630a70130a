import { Box, Button, Container, Heading, HStack, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PRODUCT_NAME, TRIAL_DAYS } from '@muster/contracts';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';

/** The heading band of a public page: its h1 and lead paragraph. */
export function PageHeader({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <Box bg="brand.subtle" borderBottomWidth="1px" py={{ base: '10', md: '14' }}>
      <Container maxW="6xl">
        <Stack gap="4" maxW="3xl">
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }} lineHeight="1.2">
            {title}
          </Heading>
          {lead && (
            <Text fontSize={{ base: 'md', md: 'lg' }} color="fg.muted">
              {lead}
            </Text>
          )}
          {children}
        </Stack>
      </Container>
    </Box>
  );
}

/** A tick drawn in the current colour; decorative (the text beside it says what it means). */
export function CheckIcon({ color = 'green.600' }: { color?: string }) {
  return (
    <Box as="span" color={color} flexShrink={0} display="inline-flex" aria-hidden="true">
      <svg width="18" height="18" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="M4 10.5l4 4 8-9" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </Box>
  );
}

/** A list whose items each start with a tick. */
export function CheckList({ items }: { items: string[] }) {
  return (
    <List.Root gap="2" listStyleType="none" ps="0">
      {items.map((item) => (
        <List.Item key={item}>
          <HStack align="flex-start" gap="2">
            <Box pt="0.5">
              <CheckIcon />
            </Box>
            <Text>{item}</Text>
          </HStack>
        </List.Item>
      ))}
    </List.Root>
  );
}

/** The closing call to action of the public pages: trial sign-up, then pricing (or, on the pricing page, contact). */
export function CtaBand({ secondary = 'pricing' }: { secondary?: 'pricing' | 'contact' }) {
  const { t } = useTranslation('site');
  return (
    <Box bg="brand.800" color="white" py={{ base: '12', md: '16' }}>
      <Container maxW="6xl">
        <Stack gap="5" align={{ base: 'stretch', md: 'center' }} textAlign={{ md: 'center' }}>
          <Heading as="h2" size={{ base: '2xl', md: '3xl' }}>
            {t('cta.title', { product: PRODUCT_NAME })}
          </Heading>
          <Text fontSize="lg" color="brand.100" maxW="2xl">
            {t('cta.text', { days: TRIAL_DAYS })}
          </Text>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button asChild size="lg" bg="signal.400" color="gray.900" _hover={{ bg: 'signal.500' }}>
              <RouterLink to="/signup">{t('cta.signup')}</RouterLink>
            </Button>
            <Button asChild size="lg" variant="outline" color="white" borderColor="whiteAlpha.700" _hover={{ bg: 'whiteAlpha.200' }}>
              <RouterLink to={`/${secondary}`}>{t(`cta.${secondary}`)}</RouterLink>
            </Button>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}

/** The statement that Muster is a documentation and planning tool (spec §1). */
export function Disclaimer() {
  const { t } = useTranslation('site');
  return (
    <Box borderStartWidth="4px" borderColor="signal.400" bg="bg.subtle" px="5" py="4" borderRadius="md" data-testid="site-disclaimer">
      <Heading as="h2" size="md" mb="1">
        {t('disclaimer.title')}
      </Heading>
      <Text color="fg.muted">{t('disclaimer.text', { product: PRODUCT_NAME })}</Text>
    </Box>
  );
}

/** Scrolls to the element the URL's hash names once the page has rendered it (deep links into long pages). */
export function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}

interface ContentsLayoutProps {
  /** Heading of the table of contents, and its id (the navigation is labelled by it). */
  contentsTitle: string;
  contentsId: string;
  /** The table of contents: links to the sections' anchors. */
  contents: ReactNode;
  /** Space between the sections. */
  gap: string;
  children: ReactNode;
}

/** A long page with its table of contents beside it (above it on narrow screens); deep links scroll to their section. */
export function ContentsLayout({ contentsTitle, contentsId, contents, gap, children }: ContentsLayoutProps) {
  useScrollToHash();
  return (
    <Container maxW="6xl" py={{ base: '10', md: '14' }}>
      <SimpleGrid columns={{ base: 1, lg: 4 }} gap="10">
        <Box as="nav" aria-labelledby={contentsId}>
          <Box position={{ lg: 'sticky' }} top="6" maxH={{ lg: 'calc(100dvh - 3rem)' }} overflowY={{ lg: 'auto' }}>
            <Heading as="h2" size="sm" id={contentsId} mb="3">
              {contentsTitle}
            </Heading>
            {contents}
          </Box>
        </Box>
        <Stack gap={gap} gridColumn={{ lg: 'span 3' }} maxW="3xl" as="article">
          {children}
        </Stack>
      </SimpleGrid>
    </Container>
  );
}
