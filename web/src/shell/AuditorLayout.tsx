import { Alert, Box, Button, Container, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Outlet, useLocation } from 'react-router-dom';
import { useSignedInSession } from '../features/auth/signed-in-session';
import { useAuditorContext } from '../features/auditor/useAuditorContext';
import { useAuditorLogout } from '../features/auditor/useAuditorLogout';
import { portalLink, usePortalPreview } from '../features/auditor/portal';
import { LanguageSelect } from './LanguageSelect';
import { LogoMark } from './Logo';
import { DashboardSkeleton } from './Loading';
import { PageTransition } from './PageTransition';
import { MAIN_CONTENT_ID, SkipLink } from './SkipLink';

export const AUDITOR_TABS = [
  { value: 'dashboard', to: '/auditor/dashboard' },
  { value: 'evidence', to: '/auditor/evidence' },
  { value: 'bundles', to: '/auditor/bundles' },
] as const;

/**
 * The guest auditor's portal: "Auditor Portal" header with name and firm, three tabs, logout. An
 * ADMIN previewing an invite (`?preview=<invite id>`) sees the invite's auditor in the header, a
 * read-only banner, tabs that keep the preview, and a way back to the vault instead of logout.
 */
export function AuditorLayout() {
  const { t } = useTranslation(['auth', 'auditorPortal']);
  const session = useSignedInSession();
  const preview = usePortalPreview();
  const context = useAuditorContext(preview);
  const logout = useAuditorLogout();
  const { pathname } = useLocation();
  const active = AUDITOR_TABS.find((tab) => pathname.startsWith(tab.to))?.value ?? 'dashboard';
  const previewing = Boolean(preview && context.data?.preview);
  const name = context.data?.invite.auditorName ?? (preview ? '' : (session.user.firstName ?? session.user.username));
  const firm = context.data?.invite.firm;

  return (
    <Flex direction="column" minHeight="100dvh" bg="bg.subtle">
      <SkipLink />
      <Box as="header" bg="brand.800" color="white">
        <Container maxW="6xl" pt="4">
          <HStack justify="space-between" gap="3" wrap="wrap">
            <HStack gap="3" minWidth="0">
              <LogoMark />
              <Stack gap="0" minWidth="0">
                <Heading as="p" size="lg" lineHeight="1.2" data-testid="auditor-portal-title">
                  {t('auditor.title')}
                </Heading>
                <Text fontSize="sm" color="brand.100" truncate data-testid="auditor-identity">
                  {firm ? t('auditor.nameFrom', { name, firm }) : name}
                </Text>
              </Stack>
            </HStack>
            <HStack gap="3">
              {/* On the navy bar the select keeps the panel colours, so its native option list stays readable. */}
              <Box bg="bg.panel" color="fg" rounded="l2">
                <LanguageSelect />
              </Box>
              {preview ? (
                <Button size="sm" bg="signal.400" color="gray.900" _hover={{ bg: 'signal.500' }} asChild>
                  <RouterLink to="/app/admin/evidence-vault?tab=auditors" data-testid="auditor-preview-exit">
                    {t('auditorPortal:preview.exit')}
                  </RouterLink>
                </Button>
              ) : (
                <Button
                  size="sm"
                  bg="signal.400"
                  color="gray.900"
                  _hover={{ bg: 'signal.500' }}
                  onClick={() => logout.mutate()}
                  loading={logout.isPending}
                  data-testid="auditor-logout"
                >
                  {t('auditor.logout')}
                </Button>
              )}
            </HStack>
          </HStack>
          {/* The three tabs are navigation between pages: links marked with aria-current. */}
          <HStack as="nav" gap="1" mt="4" aria-label={t('auditor.tabsLabel')}>
            {AUDITOR_TABS.map((tab) => (
              <Link
                key={tab.value}
                asChild
                px="4"
                py="2"
                borderTopRadius="md"
                fontWeight="medium"
                textDecoration="none"
                bg={active === tab.value ? 'bg.subtle' : 'transparent'}
                color={active === tab.value ? 'fg' : 'white'}
                _hover={{ textDecoration: 'none', bg: active === tab.value ? 'bg.subtle' : 'brand.700' }}
              >
                <RouterLink
                  to={portalLink(tab.to, preview)}
                  aria-current={active === tab.value ? 'page' : undefined}
                  data-testid={`auditor-tab-${tab.value}`}
                >
                  {t(`auditor.tabs.${tab.value}`)}
                </RouterLink>
              </Link>
            ))}
          </HStack>
        </Container>
      </Box>
      {previewing && (
        <Alert.Root status="info" borderRadius="0" data-testid="auditor-preview-banner">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('auditorPortal:preview.banner', { name: firm ? t('auditor.nameFrom', { name, firm }) : name })}</Alert.Title>
            <Alert.Description>{t('auditorPortal:preview.text')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Container as="main" id={MAIN_CONTENT_ID} tabIndex={-1} _focus={{ outline: 'none' }} maxW="6xl" py={{ base: '5', md: '8' }} flex="1">
        <Suspense fallback={<DashboardSkeleton />}>
          <PageTransition>
            <Outlet />
          </PageTransition>
        </Suspense>
      </Container>
    </Flex>
  );
}
