/** The session lock (spec §2 "Session lock overlay", §4): mount `<SessionLock />` once; every logout calls `clearSessionLock()`. */
export { SessionLock } from './SessionLock';
export { clearSessionLock } from './lock-store';
