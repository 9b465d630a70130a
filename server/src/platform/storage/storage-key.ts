/**
 * Storage keys are relative, slash-separated paths of plain segments (letters, digits, ".",
 * "_", "-"; each starting with a letter or digit), at most 512 characters: no absolute paths,
 * no "..", no backslashes or control characters, so a key can never leave its directory on
 * disk or mean something else to an object store.
 */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export const STORAGE_KEY_MAX = 512;

export function isValidStorageKey(key: string): boolean {
  if (typeof key !== 'string' || key.length === 0 || key.length > STORAGE_KEY_MAX) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && !segment.includes('..'));
}

/** Throws (a programming error, not the client's) when a key is not valid. */
export function assertStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key ${JSON.stringify(key)}`);
}
