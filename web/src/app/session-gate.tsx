import type { ReactNode } from 'react';
import { RequireSignedIn } from '../features/auth/RequireSession';
import { SignedInSessionProvider } from '../features/auth/signed-in-session';
import QueryLayer from '../lib/query-layer';

/**
 * Spec §4 route guard, first half: a spinner while the session loads, the sign-in screen
 * (remembering where the user was going) when signed out; otherwise the signed-in children.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  return <RequireSignedIn>{(session) => <SignedInSessionProvider session={session}>{children}</SignedInSessionProvider>}</RequireSignedIn>;
}

/**
 * What a signed-in route stands in: TanStack Query and the session gate. Loaded with the first
 * signed-in route (the router imports it lazily), so the public site never loads either.
 */
export default function SignedInArea({ children }: { children: ReactNode }) {
  return (
    <QueryLayer>
      <SessionGate>{children}</SessionGate>
    </QueryLayer>
  );
}
