import { Box, Container, Flex, HStack, Link, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet } from 'react-router-dom';
import { LanguageSelect } from './LanguageSelect';
import { LogoMark } from './Logo';

/** Header with the product mark and language selector, the page, and the footer. */
export function PublicLayout() {
  const { t } = useTranslation('common');
  return (
    <Flex direction="column" minHeight="100dvh">
      <Box as="header" borderBottomWidth="1px" bg="bg.panel">
        <Container maxW="6xl" py="3">
          <HStack justify="space-between" gap="4">
            <Link asChild fontWeight="bold" fontSize="xl" color="brand.fg" _hover={{ textDecoration: 'none' }}>
              <RouterLink to="/" aria-label={t('nav.homeAria', { product: PRODUCT_NAME })}>
                <HStack as="span" gap="2">
                  <LogoMark />
                  {PRODUCT_NAME}
                </HStack>
              </RouterLink>
            </Link>
            <HStack gap="4">
              <Link asChild fontSize="sm">
                <RouterLink to="/status">{t('nav.status')}</RouterLink>
              </Link>
              <LanguageSelect />
            </HStack>
          </HStack>
        </Container>
      </Box>
      <Box as="main" flex="1">
        <Outlet />
      </Box>
      <Box as="footer" borderTopWidth="1px" py="6" bg="bg.subtle">
        <Container maxW="6xl">
          <Text fontSize="sm" color="fg.muted">
            {t('footer.disclaimer', { product: PRODUCT_NAME })}
          </Text>
        </Container>
      </Box>
    </Flex>
  );
}
