import { Box, Button, Container, Flex, HStack, Link, Menu, Portal, Separator, Text } from '@chakra-ui/react';
import { PRODUCT_NAME } from '@muster/contracts';
import { Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { canQuickCreate, logoTarget, navigationFor } from '../app/navigation';
import { useSessionUpdates } from '../features/auth/session-updates';
import { useSignedInSession } from '../features/auth/signed-in-session';
import { useLogout } from '../features/auth/useLogout';
import { useLiveNotifications } from '../features/notifications/useNotifications';
import { HELP_DESK_CLEARANCE, HelpDeskButton, helpDeskShownOn } from './HelpDeskButton';
import { LanguageSelect } from './LanguageSelect';
import { DashboardSkeleton } from './Loading';
import { LogoMark } from './Logo';
import { MenuDrawer } from './MenuDrawer';
import { MenuUnreadBadge, NotificationBell } from './NotificationBell';
import { UsageAlertBanner } from './UsageAlertBanner';
import { BroadcastBanner } from '../features/broadcasts/BroadcastBanner';
import { SecurityNoticeBanner } from '../features/security/SecurityNoticeBanner';
import { FrozenBanner } from '../features/account-controls/FrozenBanner';
import { useLiveUsageAlerts } from '../features/usage/useUsageAlerts';
import { SHELL_NAMESPACES } from '../lib/i18n';
import { PageTransition } from './PageTransition';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';
import { UserBadge } from './UserBadge';
import { NamePromptDialog } from '../features/members/NamePromptDialog';
import { warmPages } from './warming';

const warmedSessions = new Set<string>();

/** The signed-in app: top bar, navigation, mobile menu, help-desk button, the page. */
export function AppLayout() {
  // All the shell's namespaces at once (bell, usage banner): each part asking for its own as it
  // first renders would fetch them one after another.
  const { t } = useTranslation(SHELL_NAMESPACES);
  const session = useSignedInSession();
  const logout = useLogout();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const items = navigationFor(session.role);
  const quickCreate = canQuickCreate(session.role);
  const menuUnreadId = useId();
  // New notifications reach the bell live for as long as the shell is open.
  useLiveNotifications();
  // A new name (another tab, another device) shows in the top bar without a reload.
  useSessionUpdates();
  // So do usage alerts: the banner follows a crossed threshold without a reload.
  useLiveUsageAlerts();

  // Warm the role's pages once per signed-in user per page load.
  useEffect(() => {
    const key = `${session.user.id}:${session.role}`;
    if (warmedSessions.has(key)) return undefined;
    warmedSessions.add(key);
    return warmPages(session.role);
  }, [session.user.id, session.role]);

  useEffect(() => setMenuOpen(false), [pathname]);

  const go = (to: string) => {
    setMenuOpen(false);
    void navigate(to);
  };

  return (
    <Flex direction="column" minHeight="100dvh" bg="bg.subtle">
      <SkipLink />
      <Box as="header" borderBottomWidth="1px" bg="bg.panel" position="sticky" top="0" zIndex="docked">
        <Container maxW="7xl" py="2">
          <HStack justify="space-between" gap="3">
            <HStack gap="3" minWidth="0">
              <Link asChild color="brand.fg" fontWeight="bold" fontSize="xl" _hover={{ textDecoration: 'none' }}>
                <RouterLink to={logoTarget(session.role)} aria-label={t('topBar.logoAria', { product: PRODUCT_NAME })} data-testid="logo">
                  <HStack as="span" gap="2">
                    <LogoMark />
                    <Text as="span" hideBelow="sm">
                      {PRODUCT_NAME}
                    </Text>
                  </HStack>
                </RouterLink>
              </Link>
              <Box hideBelow="lg">
                <Menu.Root positioning={{ placement: 'bottom-start' }}>
                  <Menu.Trigger asChild>
                    <Button variant="ghost" size="sm" data-testid="nav-menu-trigger">
                      {t('topBar.navigation')}
                    </Button>
                  </Menu.Trigger>
                  <Portal>
                    <Menu.Positioner>
                      <Menu.Content data-testid="nav-menu" minWidth="56">
                        {items.map((item) => (
                          <Menu.Item key={item.id} value={item.id} onSelect={() => go(item.to)} data-nav-id={item.id}>
                            {t(item.labelKey)}
                          </Menu.Item>
                        ))}
                      </Menu.Content>
                    </Menu.Positioner>
                  </Portal>
                </Menu.Root>
              </Box>
            </HStack>
            <HStack gap="2" hideBelow="lg">
              <Button asChild variant="outline" size="sm">
                <RouterLink to="/app/my-tickets">{t('topBar.needHelp')}</RouterLink>
              </Button>
              {quickCreate && (
                <Button asChild colorPalette="brand" size="sm" data-testid="quick-create">
                  <RouterLink to="/app/drills/quick-create">{t('topBar.quickCreate')}</RouterLink>
                </Button>
              )}
              <NotificationBell />
              <UserBadge session={session} />
              <LanguageSelect />
              <Button size="sm" variant="ghost" onClick={() => logout.mutate()} loading={logout.isPending} data-testid="logout">
                {t('topBar.logout')}
              </Button>
            </HStack>
            <MenuDrawer
              open={menuOpen}
              onOpenChange={setMenuOpen}
              title={<UserBadge session={session} align="start" />}
              navLabel={t('topBar.navigation')}
              closeLabel={t('topBar.closeMenu')}
              testId="mobile-menu"
              trigger={
                <Button
                  variant="outline"
                  size="sm"
                  hideFrom="lg"
                  data-testid="mobile-menu-trigger"
                  // Its name is what it shows: "Menu" and, with unread notifications, their count and what it
                  // counts (an aria-label without the count failed WCAG 2.5.3, label in name).
                >
                  {t('topBar.menu')}
                  <MenuUnreadBadge id={menuUnreadId} />
                </Button>
              }
            >
              <NotificationBell variant="inline" />
              <Separator my="2" />
              {items.map((item) => (
                <Button key={item.id} variant="ghost" justifyContent="flex-start" onClick={() => go(item.to)} data-nav-id={item.id}>
                  {t(item.labelKey)}
                </Button>
              ))}
              <Separator my="2" />
              <Button variant="outline" onClick={() => go('/app/my-tickets')}>
                {t('topBar.needHelp')}
              </Button>
              {quickCreate && (
                <Button colorPalette="brand" onClick={() => go('/app/drills/quick-create')}>
                  {t('topBar.quickCreate')}
                </Button>
              )}
              <Box pt="2">
                <LanguageSelect />
              </Box>
              <Button
                variant="ghost"
                onClick={() => {
                  setMenuOpen(false);
                  logout.mutate();
                }}
              >
                {t('topBar.logout')}
              </Button>
            </MenuDrawer>
          </HStack>
        </Container>
      </Box>
      <Container
        as="main"
        id={MAIN_CONTENT_ID}
        tabIndex={-1}
        _focus={{ outline: 'none' }}
        maxW="7xl"
        pt={{ base: '5', md: '8' }}
        // Room under the last actions for the floating help-desk button, where it shows.
        pb={helpDeskShownOn(pathname) ? HELP_DESK_CLEARANCE : { base: '5', md: '8' }}
        flex="1"
      >
        <FrozenBanner />
        <BroadcastBanner />
        <UsageAlertBanner hasOrganization={session.org !== null} />
        <NamePromptDialog />
        <SecurityNoticeBanner session={session} />
        <Suspense fallback={<DashboardSkeleton />}>
          <PageTransition>
            <Outlet />
          </PageTransition>
        </Suspense>
      </Container>
      <HelpDeskButton />
    </Flex>
  );
}
