/**
 * The session lock (spec §2 "Session lock overlay", §4): `<SessionLockGate />` (its own module, so
 * that public pages do not load the lock) mounts it once; every logout calls `clearSessionLock()`.
 */
export { SessionLock } from './SessionLock';
export { clearSessionLock } from './lock-store';
