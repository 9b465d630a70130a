import type { TFunction } from 'i18next';

/**
 * The contracts' zod schemas speak English ("Required", "Passwords do not match", "Password must
 * be at least 10 characters"). Each known sentence maps to a key of the `common` namespace's
 * `validation` section, with the numbers it carries; an unknown one is shown as it is.
 */
const RULES: readonly { pattern: RegExp; key: string; vars?: (m: RegExpExecArray) => Record<string, string> }[] = [
  { pattern: /^Required$/, key: 'validation.required' },
  { pattern: /^Enter a valid email address$/, key: 'validation.email' },
  { pattern: /^Password is required$/, key: 'validation.passwordRequired' },
  { pattern: /^Password is too long$/, key: 'validation.passwordTooLong' },
  { pattern: /^Password must be at least (\d+) characters$/, key: 'validation.passwordMin', vars: (m) => ({ min: m[1]! }) },
  { pattern: /^Password must be at most (\d+) characters$/, key: 'validation.passwordMax', vars: (m) => ({ max: m[1]! }) },
  { pattern: /^Must be at least (\d+) characters$/, key: 'validation.minLength', vars: (m) => ({ min: m[1]! }) },
  { pattern: /^Must be at most (\d+) characters$/, key: 'validation.maxLength', vars: (m) => ({ max: m[1]! }) },
  { pattern: /^Passwords do not match$/, key: 'validation.passwordsMismatch' },
  { pattern: /^Enter the 6-digit code$/, key: 'validation.code' },
  { pattern: /^This password reset link is invalid or has expired$/, key: 'validation.resetLink' },
  { pattern: /^Choose a subject$/, key: 'validation.subject' },
  { pattern: /^Choose a language$/, key: 'validation.language' },
  { pattern: /^At most (\d+) tags$/, key: 'validation.tagsMax', vars: (m) => ({ max: m[1]! }) },
  { pattern: /^Say what to change$/, key: 'validation.reviewComment' },
  { pattern: /^Choose a category$/, key: 'validation.category' },
  { pattern: /^Choose a priority$/, key: 'validation.priority' },
  { pattern: /^Choose an operator$/, key: 'validation.operator' },
  { pattern: /^Letters, digits, - and _ only$/, key: 'validation.shortcut' },
  { pattern: /^Choose account, email or IP address$/, key: 'validation.banKind' },
];

/** Every English sentence the rules above know, as written in contracts (kept for the unit test). */
export const KNOWN_VALIDATION_MESSAGES = [
  'Required',
  'Enter a valid email address',
  'Password is required',
  'Password is too long',
  'Password must be at least 10 characters',
  'Password must be at most 128 characters',
  'Must be at least 2 characters',
  'Must be at most 200 characters',
  'Passwords do not match',
  'Enter the 6-digit code',
  'This password reset link is invalid or has expired',
  'Choose a subject',
  'Choose a language',
  'At most 10 tags',
  'Say what to change',
  'Choose a category',
  'Choose a priority',
  'Choose an operator',
  'Letters, digits, - and _ only',
  'Choose account, email or IP address',
] as const;

/** Translates one validation message of the contracts (or of the server's `fields`). */
export function translateValidationMessage(t: TFunction, message: string): string {
  for (const rule of RULES) {
    const match = rule.pattern.exec(message);
    if (match) return t(rule.key, { ns: 'common', ...(rule.vars?.(match) ?? {}) });
  }
  return message;
}
