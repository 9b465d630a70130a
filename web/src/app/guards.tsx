import { Button, Center, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { hasRank, type Role, type SessionInfo } from '@muster/contracts';
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { RequireSignedIn } from '../features/auth/RequireSession';
import type { OrganisationArea } from './route-table';

const SessionContext = createContext<SessionInfo | null>(null);

/** The signed-in session inside a SessionGate. */
export function useSignedInSession(): SessionInfo {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSignedInSession is used outside a SessionGate');
  return session;
}

/**
 * Spec §4 route guard, first half: a spinner while the session loads, the sign-in screen
 * (remembering where the user was going) when signed out; otherwise the signed-in children.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  return <RequireSignedIn>{(session) => <SessionContext.Provider value={session}>{children}</SessionContext.Provider>}</RequireSignedIn>;
}

/** Spec §4 route guard, second half: the Access Denied page when the role's rank is too low. */
export function RankGate({ minRole, children }: { minRole: Role | null; children: ReactNode }) {
  const session = useSignedInSession();
  if (minRole && !hasRank(session.role, minRole)) return <AccessDenied />;
  return <>{children}</>;
}

/**
 * Pages of what an organisation keeps (drills, billing, usage): a session without an organisation
 * (platform staff) is told plainly what the page needs, instead of a page whose calls are refused.
 */
export function OrganisationGate({ area, children }: { area: OrganisationArea | undefined; children: ReactNode }) {
  // Read without useSignedInSession: this gate also wraps the public pages, which have no session.
  const session = useContext(SessionContext);
  if (!area || !session || session.org) return <>{children}</>;
  return <NoOrganisation area={area} />;
}

function NoOrganisation({ area }: { area: OrganisationArea }) {
  const { t } = useTranslation('shell');
  return (
    <Center minHeight="50vh" px="4">
      <Container maxW="xl" textAlign="center">
        <Stack gap="4" align="center" data-testid="no-organisation" data-area={area}>
          <Heading as="h1" size="2xl">
            {t('noOrganisation.title')}
          </Heading>
          <Text color="fg.muted">{t(`noOrganisation.${area}`)}</Text>
          <Button asChild colorPalette="brand">
            <RouterLink to="/app/dashboard">{t('accessDenied.back')}</RouterLink>
          </Button>
        </Stack>
      </Container>
    </Center>
  );
}

export function AccessDenied() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <Center minHeight="60vh" px="4">
      <Container maxW="lg" textAlign="center">
        <Stack gap="4" align="center" data-testid="access-denied" data-denied-path={pathname}>
          <Heading as="h1" size="2xl">
            {t('accessDenied.title')}
          </Heading>
          <Text color="fg.muted">{t('accessDenied.text')}</Text>
          <Button asChild colorPalette="brand">
            <RouterLink to="/app/dashboard">{t('accessDenied.back')}</RouterLink>
          </Button>
        </Stack>
      </Container>
    </Center>
  );
}
