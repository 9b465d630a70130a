import { SIEM_LIMITS } from '@muster/contracts';
import type { TFunction } from 'i18next';
import { apiErrorBody, errorMessage } from '../../lib/api';
import { translateValidationMessage } from '../../lib/validation-messages';
import { siemErrorKey } from './labels';

/** A refusal of the SIEM API in the reader's language: a known sentence, else the server's words. */
export function siemErrorText(t: TFunction, error: unknown): string {
  const body = apiErrorBody(error);
  const message = typeof body?.message === 'string' ? body.message : errorMessage(error);
  const key = siemErrorKey(message);
  if (key) return t(key, { ns: 'siem', max: SIEM_LIMITS.destinationsPerOrg });
  const field = body?.fields ? Object.values(body.fields)[0] : undefined;
  if (field) return translateValidationMessage(t, field);
  if (body?.code === 'FORBIDDEN') return t('errors.forbidden', { ns: 'siem' });
  return translateValidationMessage(t, message);
}
