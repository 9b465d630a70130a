import { STORAGE_KEYS } from '@muster/contracts';

/** True when the text has a control character (tab, newline, NUL…), which browsers strip from URLs. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * A return URL is accepted only as a path of this site: it starts with "/" but not "//", has no
 * backslash (browsers read "/\\host" as "//host") or control character, and resolves to this origin.
 */
export function isSafeReturnUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 2048) return false;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\') || hasControlCharacter(value)) return false;
  try {
    return new URL(value, window.location.origin).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** Remembers where to go after the next sign-in (local storage `muster.returnUrl`). */
export function storeReturnUrl(path: string): void {
  if (!isSafeReturnUrl(path)) return;
  try {
    localStorage.setItem(STORAGE_KEYS.returnUrl, path);
  } catch {
    // Storage unavailable (private mode, quota): the user lands on the dashboard instead.
  }
}

/** The stored return URL if it is safe, removed from storage in any case. */
export function takeReturnUrl(): string | null {
  try {
    const value = localStorage.getItem(STORAGE_KEYS.returnUrl);
    localStorage.removeItem(STORAGE_KEYS.returnUrl);
    return isSafeReturnUrl(value) ? value : null;
  } catch {
    return null;
  }
}
