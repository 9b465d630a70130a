import type { SessionInfo } from '@muster/contracts';
import { createContext, useContext, type ReactNode } from 'react';

const SessionContext = createContext<SessionInfo | null>(null);

/**
 * The signed-in session, for pages behind a session guard (`app/guards.tsx` provides it).
 * Kept out of `app/` so that pages do not import the guards and the route table behind them.
 */
export function useSignedInSession(): SessionInfo {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSignedInSession is used outside a SessionGate');
  return session;
}

/** The signed-in session, or null where there is none (a public page). */
export function useOptionalSession(): SessionInfo | null {
  return useContext(SessionContext);
}

export function SignedInSessionProvider({ session, children }: { session: SessionInfo; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}
