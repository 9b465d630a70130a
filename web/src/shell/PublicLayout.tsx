import { Box, Button, Container, Flex, Heading, HStack, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '@muster/contracts';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { HELP_DESK_CLEARANCE, HelpDeskButton, helpDeskShownOn } from './HelpDeskButton';
import { LanguageSelect } from './LanguageSelect';
import { LoadingOverlay } from './Loading';
import { LogoMark } from './Logo';
import { PageTransition } from './PageTransition';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

/** Header navigation of the public site (spec §2). */
export const PUBLIC_NAV = [
  { id: 'home', to: '/' },
  { id: 'solutions', to: '/solutions' },
  { id: 'pricing', to: '/pricing' },
  { id: 'faq', to: '/faq' },
  { id: 'contact', to: '/contact' },
] as const;

/** The footer's columns; they hold the links spec §2 names (help desk, docs, about, privacy, terms) and the rest of the site. */
const FOOTER_COLUMNS = [
  {
    id: 'product',
    links: [
      { label: 'shell:public.nav.solutions', to: '/solutions' },
      { label: 'shell:public.nav.pricing', to: '/pricing' },
      { label: 'shell:public.nav.faq', to: '/faq' },
    ],
  },
  {
    id: 'company',
    links: [
      { label: 'shell:public.footer.about', to: '/about' },
      { label: 'shell:public.nav.contact', to: '/contact' },
    ],
  },
  {
    id: 'support',
    links: [
      { label: 'shell:public.footer.helpDesk', to: '/app/help-desk' },
      { label: 'shell:public.footer.docs', to: '/docs' },
      { label: 'site:footer.status', to: '/status' },
    ],
  },
  {
    id: 'legal',
    links: [
      { label: 'shell:public.footer.privacy', to: '/legal/privacy' },
      { label: 'shell:public.footer.terms', to: '/legal/terms' },
    ],
  },
] as const;

const loadMobileMenu = () => import('./PublicMobileMenu');
const PublicMobileMenu = lazy(loadMobileMenu);

/**
 * While a page's code loads: the loading overlay, and under it room as tall as the screen, so the
 * footer waits below the fold instead of at the bottom of the screen, from where the page would
 * push it away when it arrives (a layout shift as large as the footer, which Lighthouse counts).
 */
function PageLoading() {
  return (
    <>
      <LoadingOverlay />
      <Box minHeight="100dvh" aria-hidden="true" />
    </>
  );
}

/** Public pages: header with navigation and language selector, the page, the footer. */
export function PublicLayout() {
  const { t } = useTranslation(['shell', 'site']);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // The drawer's code loads the first time the menu is wanted, and stays mounted from then on.
  const [menuWanted, setMenuWanted] = useState(false);
  const menuTrigger = useRef<HTMLButtonElement>(null);
  useEffect(() => setMenuOpen(false), [pathname]);
  const go = (to: string) => {
    setMenuOpen(false);
    void navigate(to);
  };

  return (
    <Flex direction="column" minHeight="100dvh">
      <SkipLink />
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
              <Button
                ref={menuTrigger}
                variant="outline"
                size="sm"
                hideFrom="md"
                aria-haspopup="dialog"
                aria-expanded={menuOpen}
                data-testid="public-menu-trigger"
                onPointerEnter={() => void loadMobileMenu()}
                onFocus={() => void loadMobileMenu()}
                onClick={() => {
                  setMenuWanted(true);
                  setMenuOpen(true);
                }}
              >
                {t('topBar.menu')}
              </Button>
              {menuWanted && (
                <Suspense fallback={null}>
                  <PublicMobileMenu open={menuOpen} onOpenChange={setMenuOpen} onNavigate={go} trigger={menuTrigger} />
                </Suspense>
              )}
            </HStack>
          </HStack>
        </Container>
      </Box>
      <Box as="main" id={MAIN_CONTENT_ID} tabIndex={-1} _focus={{ outline: 'none' }} flex="1">
        <Suspense fallback={<PageLoading />}>
          <PageTransition>
            <Outlet />
          </PageTransition>
        </Suspense>
      </Box>
      <Box
        as="footer"
        borderTopWidth="1px"
        pt="10"
        // Room under the footer's last line for the floating help-desk button, where it shows.
        pb={helpDeskShownOn(pathname) ? HELP_DESK_CLEARANCE : '10'}
        bg="bg.subtle"
      >
        <Container maxW="6xl">
          <Stack gap="8">
            <SimpleGrid columns={{ base: 2, md: 5 }} gap="8">
              <Stack gap="2" gridColumn={{ base: 'span 2', md: 'span 1' }}>
                <HStack gap="2" fontWeight="bold" color="brand.fg">
                  <LogoMark />
                  <Text as="span">{PRODUCT_NAME}</Text>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {t('site:footer.tagline')}
                </Text>
              </Stack>
              {FOOTER_COLUMNS.map((column) => (
                <Stack key={column.id} gap="2" as="nav" aria-labelledby={`footer-${column.id}`}>
                  <Heading as="h2" size="sm" id={`footer-${column.id}`}>
                    {t(`site:footer.${column.id}`)}
                  </Heading>
                  {column.links.map((link) => (
                    <Link key={link.to} asChild fontSize="sm" color="fg.muted">
                      <RouterLink to={link.to}>{t(link.label)}</RouterLink>
                    </Link>
                  ))}
                </Stack>
              ))}
            </SimpleGrid>
            <Stack gap="1" borderTopWidth="1px" pt="5">
              <Text fontSize="sm" color="fg.muted">
                {t('common:footer.disclaimer', { product: PRODUCT_NAME })}
              </Text>
              <Text fontSize="sm" color="fg.muted">
                {t('site:footer.rights', { year: new Date().getFullYear(), product: PRODUCT_NAME })}
              </Text>
            </Stack>
          </Stack>
        </Container>
      </Box>
      <HelpDeskButton hidden={menuOpen} />
    </Flex>
  );
}
