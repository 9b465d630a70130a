import { Box, Card, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '@muster/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageSelect } from '../../shell/LanguageSelect';
import { LogoMark } from '../../shell/Logo';
import { MAIN_CONTENT_ID, SkipLink } from '../../shell/SkipLink';

interface AuthCardProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Shown under the card body, e.g. the link to the other identity screen. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * The identity screens' frame (no layout, spec §2): a centred card with the product mark and the
 * language selector, overlapping a harbour-navy band. Works from 360 px wide.
 */
export function AuthCard({ title, subtitle, footer, children }: AuthCardProps) {
  const { t } = useTranslation('common');
  return (
    <Flex
      minHeight="100dvh"
      direction="column"
      align="center"
      justify="flex-start"
      gap="5"
      px={{ base: '3', sm: '6' }}
      pt={{ base: '4', sm: '16' }}
      pb={{ base: '6', sm: '10' }}
      bg="bg.subtle"
      bgImage="linear-gradient(to bottom, var(--chakra-colors-brand-800) 0, var(--chakra-colors-brand-800) 14rem, transparent 14rem)"
    >
      <SkipLink />
      <Card.Root
        as="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        _focus={{ outline: 'none' }}
        width="full"
        maxWidth="md"
        variant="elevated"
        borderTopWidth="4px"
        borderTopColor="signal.400"
        boxShadow="lg"
      >
        <Card.Header gap="5" pb="2">
          <HStack justify="space-between" gap="3">
            <Link asChild color="brand.fg" fontWeight="bold" fontSize="xl" _hover={{ textDecoration: 'none' }}>
              <RouterLink to="/" aria-label={t('nav.homeAria', { product: PRODUCT_NAME })}>
                <HStack as="span" gap="2">
                  <LogoMark size={36} />
                  {PRODUCT_NAME}
                </HStack>
              </RouterLink>
            </Link>
            <LanguageSelect />
          </HStack>
          <Stack gap="1.5">
            <Heading as="h1" size="2xl" lineHeight="1.2">
              {title}
            </Heading>
            {subtitle && <Text color="fg.muted">{subtitle}</Text>}
          </Stack>
        </Card.Header>
        <Card.Body>{children}</Card.Body>
        {footer && (
          <Card.Footer justifyContent="center" borderTopWidth="1px" pt="4" textAlign="center">
            <Box fontSize="sm">{footer}</Box>
          </Card.Footer>
        )}
      </Card.Root>
      <Text as="p" fontSize="xs" color="fg.muted" textAlign="center" maxWidth="md">
        {t('footer.disclaimer', { product: PRODUCT_NAME })}
      </Text>
    </Flex>
  );
}
