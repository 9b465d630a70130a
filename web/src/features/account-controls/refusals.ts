import type { TFunction } from 'i18next';
import { reasonText, refusalOf } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';

export const SUSPENSION_REASONS = new Set([
  'accountControls.suspended',
  'accountControls.suspendedUntil',
  'accountControls.organizationSuspended',
  'accountControls.organizationSuspendedUntil',
  'accountControls.passwordResetRequired',
]);

/** Whether a sign-in refusal is support's (a suspension or a forced reset), shown by `SignInRefusal`. */
export function isSupportRefusal(error: unknown): boolean {
  const reason = refusalOf(error)?.reason;
  return Boolean(reason && SUSPENSION_REASONS.has(reason));
}

/** Support's refusal of a sign-in in the reader's language, its end date written in it too. */
export function supportRefusalText(t: TFunction, language: string | undefined, error: unknown): string {
  const refusal = refusalOf(error);
  if (!refusal?.reason) return '';
  const until = typeof refusal.params.until === 'string' ? formatDateTime(refusal.params.until, language) : '';
  return reasonText(t, refusal.reason, { ...refusal.params, until });
}
