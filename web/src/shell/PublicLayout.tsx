import { Box, Button, CloseButton, Container, Drawer, Flex, HStack, Link, Portal, Stack, Text, Wrap } from '@chakra-ui/react';
import { PRODUCT_NAME } from '@muster/contracts';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { HelpDeskButton } from './HelpDeskButton';
import { LanguageSelect } from './LanguageSelect';
import { LoadingOverlay } from './Loading';
import { LogoMark } from './Logo';
import { PageTransition } from './PageTransition';

/** Header navigation of the public site (spec §2). */
export const PUBLIC_NAV = [
  { id: 'home', to: '/' },
  { id: 'solutions', to: '/solutions' },
  { id: 'pricing', to: '/pricing' },
  { id: 'faq', to: '/faq' },
  { id: 'contact', to: '/contact' },
] as const;

export const PUBLIC_FOOTER = [
  { id: 'helpDesk', to: '/app/help-desk' },
  { id: 'docs', to: '/docs' },
  { id: 'about', to: '/about' },
  { id: 'privacy', to: '/legal/privacy' },
  { id: 'terms', to: '/legal/terms' },
] as const;

/** Public pages: header with navigation and language selector, the page, the footer. */
export function PublicLayout() {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);
  const go = (to: string) => {
    setMenuOpen(false);
    void navigate(to);
  };

  return (
    <Flex direction="column" minHeight="100dvh">
      <Box as="header" borderBottomWidth="1px" bg="bg.panel">
        <Container maxW="6xl" py="3">
          <HStack justify="space-between" gap="4">
            <Link asChild fontWeight="bold" fontSize="xl" color="brand.fg" _hover={{ textDecoration: 'none' }}>
              <RouterLink to="/" aria-label={t('common:nav.homeAria', { product: PRODUCT_NAME })}>
                <HStack as="span" gap="2">
                  <LogoMark />
                  {PRODUCT_NAME}
                </HStack>
              </RouterLink>
            </Link>
            <HStack as="nav" gap="5" hideBelow="md" aria-label={t('public.navLabel')}>
              {PUBLIC_NAV.map((item) => (
                <Link key={item.id} asChild fontSize="sm" fontWeight={pathname === item.to ? 'semibold' : 'normal'}>
                  <RouterLink to={item.to} aria-current={pathname === item.to ? 'page' : undefined}>
                    {t(`public.nav.${item.id}`)}
                  </RouterLink>
                </Link>
              ))}
            </HStack>
            <HStack gap="3">
              <Box hideBelow="md">
                <LanguageSelect />
              </Box>
              <Button asChild variant="ghost" size="sm" hideBelow="md">
                <RouterLink to="/login">{t('public.nav.login')}</RouterLink>
              </Button>
              <Button asChild colorPalette="brand" size="sm" hideBelow="md">
                <RouterLink to="/signup">{t('public.nav.signup')}</RouterLink>
              </Button>
              <Drawer.Root open={menuOpen} onOpenChange={(e) => setMenuOpen(e.open)} placement="end" size="xs">
                <Drawer.Trigger asChild>
                  <Button variant="outline" size="sm" hideFrom="md" data-testid="public-menu-trigger">
                    {t('topBar.menu')}
                  </Button>
                </Drawer.Trigger>
                <Portal>
                  <Drawer.Backdrop />
                  <Drawer.Positioner>
                    <Drawer.Content data-testid="public-mobile-menu">
                      <Drawer.Header>
                        <Drawer.Title>{PRODUCT_NAME}</Drawer.Title>
                      </Drawer.Header>
                      <Drawer.Body>
                        <Stack gap="1" as="nav" aria-label={t('public.navLabel')}>
                          {PUBLIC_NAV.map((item) => (
                            <Button key={item.id} variant="ghost" justifyContent="flex-start" onClick={() => go(item.to)}>
                              {t(`public.nav.${item.id}`)}
                            </Button>
                          ))}
                          <Button variant="outline" onClick={() => go('/login')}>
                            {t('public.nav.login')}
                          </Button>
                          <Button colorPalette="brand" onClick={() => go('/signup')}>
                            {t('public.nav.signup')}
                          </Button>
                          <Box pt="2">
                            <LanguageSelect />
                          </Box>
                        </Stack>
                      </Drawer.Body>
                      <Drawer.CloseTrigger asChild>
                        <CloseButton size="sm" aria-label={t('topBar.closeMenu')} />
                      </Drawer.CloseTrigger>
                    </Drawer.Content>
                  </Drawer.Positioner>
                </Portal>
              </Drawer.Root>
            </HStack>
          </HStack>
        </Container>
      </Box>
      <Box as="main" flex="1">
        <Suspense fallback={<LoadingOverlay />}>
          <PageTransition>
            <Outlet />
          </PageTransition>
        </Suspense>
      </Box>
      <Box as="footer" borderTopWidth="1px" py="8" bg="bg.subtle">
        <Container maxW="6xl">
          <Stack gap="4">
            <Wrap as="nav" gap="5" aria-label={t('public.footerLabel')}>
              {PUBLIC_FOOTER.map((item) => (
                <Link key={item.id} asChild fontSize="sm">
                  <RouterLink to={item.to}>{t(`public.footer.${item.id}`)}</RouterLink>
                </Link>
              ))}
            </Wrap>
            <Text fontSize="sm" color="fg.muted">
              {t('common:footer.disclaimer', { product: PRODUCT_NAME })}
            </Text>
          </Stack>
        </Container>
      </Box>
      <HelpDeskButton hidden={menuOpen} />
    </Flex>
  );
}
