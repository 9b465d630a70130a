import { PRODUCT_CODE, type SessionUser } from '@muster/contracts';

/**
 * The rules of the session lock (spec §2 "Session lock overlay", §4, §5, §8, §9), free of React,
 * storage and timers so they can be tested on their own.
 */

/** The lock is checked every 10 seconds (spec §9). */
export const LOCK_CHECK_INTERVAL_MS = 10_000;
/** The third failed unlock attempt ends the session (spec §9). */
export const MAX_FAILED_UNLOCK_ATTEMPTS = 3;
/** Activity is written to storage at most once per second. */
export const ACTIVITY_THROTTLE_MS = 1_000;
/** The cross-tab channel of lock, unlock and activity. */
export const SESSION_CHANNEL_NAME = `${PRODUCT_CODE}.session`;
/**
 * Failed unlock attempts, shared by the tabs and kept across a reload while the session is locked,
 * so neither a second tab nor a reload hands out three new attempts.
 */
export const UNLOCK_ATTEMPTS_STORAGE_KEY = `${PRODUCT_CODE}.unlockAttempts`;
/** The DOM events that count as activity: mouse move, key press, touch and click. */
export const ACTIVITY_EVENTS = ['mousemove', 'keydown', 'touchstart', 'click'] as const;

/**
 * True when the session must lock: the time since the last recorded activity has reached the
 * user's auto-lock minutes. No minutes (null, undefined, not a positive number) means never; no
 * recorded activity means nothing to measure from yet.
 */
export function shouldLock(now: number, lastActivity: number | null | undefined, minutes: number | null | undefined): boolean {
  if (minutes == null || !Number.isFinite(minutes) || minutes <= 0) return false;
  if (lastActivity == null || !Number.isFinite(lastActivity)) return false;
  return now - lastActivity >= minutes * 60_000;
}

/** Attempts left before the session is terminated (never below 0). */
export function remainingAttempts(failedAttempts: number): number {
  return Math.max(0, MAX_FAILED_UNLOCK_ATTEMPTS - Math.max(0, failedAttempts));
}

/** What a failed unlock leads to: another try with `remaining` attempts, or the end of the session. */
export type UnlockFailureOutcome = { kind: 'retry'; remaining: number } | { kind: 'terminate' };

/** The outcome once the failed-attempt counter has reached `failedAttempts`. */
export function unlockFailureOutcome(failedAttempts: number): UnlockFailureOutcome {
  const remaining = remainingAttempts(failedAttempts);
  return remaining === 0 ? { kind: 'terminate' } : { kind: 'retry', remaining };
}

/** A text of the `lock` namespace with its interpolation (`count` selects the plural form). */
export interface LockText {
  key: string;
  options?: { count: number };
}

/** The field message after a wrong password: "Incorrect password. N attempt(s) remaining." */
export function wrongPasswordText(remaining: number): LockText {
  return { key: 'wrongPassword', options: { count: remaining } };
}

/**
 * The alert shown once an attempt has failed: the last-attempt warning when one attempt is left,
 * otherwise the number left; null before any failure (and when none are left).
 */
export function attemptsAlertText(failedAttempts: number): LockText | null {
  if (failedAttempts <= 0) return null;
  const remaining = remainingAttempts(failedAttempts);
  if (remaining === 0) return null;
  if (remaining === 1) return { key: 'lastAttempt' };
  return { key: 'attemptsRemaining', options: { count: remaining } };
}

/**
 * True for the error of an account that cannot sign in with a password (the server's SSO_REQUIRED
 * answer): its message speaks of "password authentication" (spec §8).
 */
export function isPasswordAuthUnavailable(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return message.toLowerCase().includes('password authentication');
}

type NamedUser = Pick<SessionUser, 'username' | 'firstName' | 'lastName'>;

const firstLetter = (text: string) => Array.from(text)[0] ?? '';
const clean = (text: string | null | undefined) => text?.trim() ?? '';

/**
 * The avatar's initials: the first letter of the first and the last name, or (when the names
 * are missing) the first two letters of the username, in upper case.
 */
export function initials(user: NamedUser): string {
  const names = [clean(user.firstName), clean(user.lastName)].filter(Boolean);
  const letters = names.length > 0 ? names.map(firstLetter).join('') : Array.from(clean(user.username)).slice(0, 2).join('');
  return letters.toUpperCase();
}

/** The first and last name, or the username when there are none. */
export function displayName(user: NamedUser): string {
  return [clean(user.firstName), clean(user.lastName)].filter(Boolean).join(' ') || user.username;
}
