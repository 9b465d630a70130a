import { STORAGE_KEYS } from '@muster/contracts';

/**
 * Whether this browser has signed someone in before. A browser that keeps no storage (private
 * mode with storage blocked) counts as a first visit every time: "Welcome" is never wrong,
 * "Welcome back" would be on a first visit.
 */
export function hasSignedInBefore(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.signedInBefore) !== null;
  } catch {
    return false;
  }
}

/** Remembers that this browser has signed someone in. */
export function rememberSignIn(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.signedInBefore, new Date().toISOString());
  } catch {
    // Storage blocked: the next sign-in is welcomed as a first one again.
  }
}
