import { COMMON_PASSWORDS_TEXT } from './common-passwords.js';

let common: ReadonlySet<string> | null = null;

/** Whether a password is one of the 10,000 most common ones, whatever its letter case. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(COMMON_PASSWORDS_TEXT.split('\n'));
  return common.has(password.toLowerCase());
}
