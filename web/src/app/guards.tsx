import { Button, Center, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { hasRank, type Role } from '@muster/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useOptionalSession, useSignedInSession } from '../features/auth/signed-in-session';
import type { OrganisationArea } from './route-table';

/** Spec §4 route guard, second half (the first is `SessionGate`, in `session-gate.tsx`): the Access Denied page when the role's rank is too low. */
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
  const session = useOptionalSession();
  if (!area || !session || session.org) return <>{children}</>;
  return <NoOrganisation area={area} />;
}

/** A page a guard shows instead of the route's: what stands in the way, and the way back to the dashboard. */
function GuardNotice({ title, text, ...marks }: { title: string; text: string } & Record<`data-${string}`, string>) {
  const { t } = useTranslation('shell');
  return (
    <Center minHeight="60vh" px="4">
      <Container maxW="xl" textAlign="center">
        <Stack gap="4" align="center" {...marks}>
          <Heading as="h1" size="2xl">
            {title}
          </Heading>
          <Text color="fg.muted">{text}</Text>
          <Button asChild colorPalette="brand">
            <RouterLink to="/app/dashboard">{t('accessDenied.back')}</RouterLink>
          </Button>
        </Stack>
      </Container>
    </Center>
  );
}

function NoOrganisation({ area }: { area: OrganisationArea }) {
  const { t } = useTranslation('shell');
  return (
    <GuardNotice title={t('noOrganisation.title')} text={t(`noOrganisation.${area}`)} data-testid="no-organisation" data-area={area} />
  );
}

export function AccessDenied() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  return (
    <GuardNotice title={t('accessDenied.title')} text={t('accessDenied.text')} data-testid="access-denied" data-denied-path={pathname} />
  );
}
