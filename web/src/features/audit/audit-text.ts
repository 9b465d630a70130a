import { AUDIT_MESSAGES, type Role } from '@muster/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { apiErrorBody, errorMessage } from '../../lib/api';
import { translateValidationMessage } from '../../lib/validation-messages';
import { actionKey, formatInstant, KNOWN_TARGET_TYPES, reasonKey } from './labels';

/** A refusal of the audit API in the reader's language: a known sentence, else the server's words. */
export function auditErrorText(t: TFunction, error: unknown): string {
  const body = apiErrorBody(error);
  const message = typeof body?.message === 'string' ? body.message : errorMessage(error);
  if (message === AUDIT_MESSAGES.noOrganization) return t('errors.noOrganization', { ns: 'audit' });
  if (message === AUDIT_MESSAGES.userNotFound) return t('errors.userNotFound', { ns: 'audit' });
  const field = body?.fields ? Object.values(body.fields)[0] : undefined;
  if (field) return translateValidationMessage(t, field);
  if (body?.code === 'FORBIDDEN') return t('errors.forbidden', { ns: 'audit' });
  return translateValidationMessage(t, message);
}

/** The words of the audit vocabulary: actions, reasons, severities, OCSF classes and activities, targets. */
export function useAuditText() {
  const { t, i18n } = useTranslation(['audit', 'common']);
  const lng = i18n.resolvedLanguage;
  return {
    t,
    lng,
    action: (action: string) => t(actionKey(action), { ns: 'audit', defaultValue: action }),
    reason: (reason: string | null) => {
      const known = reasonKey(reason);
      return known ? t(known.key, { ns: 'audit', ...known.vars }) : (reason ?? '');
    },
    severity: (id: number) => t(`severities.${String(id)}`, { ns: 'audit', defaultValue: String(id) }),
    className: (uid: number, fallback?: string) => t(`classes.${String(uid)}`, { ns: 'audit', defaultValue: fallback ?? String(uid) }),
    activity: (uid: number, id: number, fallback?: string) =>
      t(`activities.${String(uid)}_${String(id)}`, { ns: 'audit', defaultValue: fallback ?? String(id) }),
    target: (type: string) => ((KNOWN_TARGET_TYPES as readonly string[]).includes(type) ? t(`targets.${type}`, { ns: 'audit' }) : type),
    role: (role: Role | null) => (role ? t(`roles.${role}`, { ns: 'common' }) : ''),
    time: (iso: string) => formatInstant(iso, lng),
  };
}
