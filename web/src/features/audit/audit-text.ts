import { type Role } from '@muster/contracts';

import { useTranslation } from 'react-i18next';

import { actionKey, formatInstant, KNOWN_TARGET_TYPES, reasonKey } from './labels';

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
