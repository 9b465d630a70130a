import { Center, Spinner } from '@chakra-ui/react';
import type { SessionInfo } from '@muster/contracts';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { storeReturnUrl } from './return-url';
import { useSession } from './session';

const SessionCheckFailed = lazy(() => import('./SessionCheckFailed'));

export function FullPageSpinner() {
  const { t } = useTranslation('common');
  return (
    <Center minHeight="100dvh">
      <Spinner size="lg" color="brand.fg" aria-label={t('loading')} />
    </Center>
  );
}

/** Remembers the page in `muster.returnUrl`, then goes to the sign-in screen. */
function RedirectToLogin() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    storeReturnUrl(`${location.pathname}${location.search}${location.hash}`);
    void navigate('/login', { replace: true });
  }, [location, navigate]);
  return <FullPageSpinner />;
}

/**
 * Renders its children with the session when signed in (spec §4 route guard): a spinner while the
 * session loads, the sign-in screen (with the return URL stored) when signed out.
 */
export function RequireSignedIn({ children }: { children: (session: SessionInfo) => ReactNode }) {
  const session = useSession();
  // Cached "signed out" being refetched (e.g. right after a sign-in) is still loading.
  if (session.isPending || (session.isFetching && !session.data)) return <FullPageSpinner />;
  if (session.isError) {
    return (
      <Suspense fallback={<FullPageSpinner />}>
        <SessionCheckFailed error={session.error} onRetry={() => void session.refetch()} />
      </Suspense>
    );
  }
  if (!session.data) return <RedirectToLogin />;
  return <>{children(session.data)}</>;
}
