import { intlLocale, type ThreatKind } from '@muster/contracts';

/**
 * Translation keys of the audit trail's vocabulary (namespace `audit`). Actions are flat keys:
 * `auth.password_reset` and `auth.password_reset.requested` both exist, so the dots of an action
 * cannot become nesting; `actions.auth_password_reset` and `actions.auth_password_reset_requested`.
 */
export function actionKey(action: string): string {
  return `actions.${action.replaceAll('.', '_')}`;
}

/** Failure reasons the server records that have their own sentence. */
export const KNOWN_REASONS = [
  'bad_password',
  'unknown_account',
  'locked_out',
  'account_suspended',
  'account_frozen',
  'account_locked',
  'sso_required',
  'invalid_token',
  'email_in_use',
  'no_password_authentication',
  'expired',
  'wrong_browser',
  'wrong_code',
  'too_many_tries',
  'no_active_invite',
  'invite_not_active',
  'method_not_allowed',
  'no_match',
  'rate_limited',
] as const;

/**
 * The key (and values) of a failure reason, or null when it has none: the raw reason is shown.
 * A lockout's reason names the failures that caused it (`10_failures`).
 */
export function reasonKey(reason: string | null | undefined): { key: string; vars?: Record<string, number> } | null {
  if (!reason) return null;
  if ((KNOWN_REASONS as readonly string[]).includes(reason)) return { key: `reasons.${reason}` };
  const failures = /^(\d+)_failures$/.exec(reason);
  if (failures) return { key: 'reasons.failures', vars: { count: Number(failures[1]) } };
  return null;
}

/** Badge colour of an OCSF severity (1 Informational … 5 Critical). */
export function severityPalette(severityId: number): string {
  if (severityId >= 5) return 'red';
  if (severityId === 4) return 'orange';
  if (severityId === 3) return 'yellow';
  if (severityId === 2) return 'blue';
  return 'gray';
}

export const THREAT_PALETTE: Record<ThreatKind, string> = {
  failed_sign_in: 'orange',
  lockout: 'red',
  unusual_hour: 'purple',
  new_address: 'blue',
};

/** Target types the server writes; others are shown as they are. */
export const KNOWN_TARGET_TYPES = [
  'user',
  'organization',
  'auditor_invite',
  'checkout',
  'credit',
  'drill_run',
  'invoice',
  'invoices',
  'subscription',
  'usage_thresholds',
  'chat_ban',
  'siem_destination',
  'siem_delivery',
  'scim_token',
  'scim_group',
] as const;

/**
 * A short name of a browser from its user agent: "Edge 131 · Windows", "Firefox 133 · Linux",
 * "curl 8.5"; anything else cut to 40 characters.
 */
export function shortUserAgent(ua: string | null | undefined): string {
  if (!ua) return '';
  const version = (re: RegExp) => re.exec(ua)?.[1]?.split('.')[0];
  const browsers: [string, RegExp][] = [
    ['Edge', /Edg(?:e|A|iOS)?\/([\d.]+)/],
    ['Opera', /OPR\/([\d.]+)/],
    ['Samsung Internet', /SamsungBrowser\/([\d.]+)/],
    ['Firefox', /(?:Firefox|FxiOS)\/([\d.]+)/],
    ['Chrome', /(?:Chrome|CriOS)\/([\d.]+)/],
    ['Safari', /Version\/([\d.]+).*Safari\//],
  ];
  const systems: [string, RegExp][] = [
    ['Android', /Android/],
    ['iOS', /iPhone|iPad|iPod/],
    ['Windows', /Windows/],
    ['macOS', /Mac OS X|Macintosh/],
    ['ChromeOS', /CrOS/],
    ['Linux', /Linux/],
  ];
  const system = systems.find(([, re]) => re.test(ua))?.[0];
  for (const [name, re] of browsers) {
    const v = version(re);
    if (v) return system ? `${name} ${v} · ${system}` : `${name} ${v}`;
  }
  const tool = /^([A-Za-z][\w.-]*)\/([\d.]+)/.exec(ua);
  if (tool && !ua.startsWith('Mozilla/')) return `${tool[1]!} ${tool[2]!}`;
  return ua.length > 40 ? `${ua.slice(0, 39)}…` : ua;
}

/** A hash cut to its first and last characters ("3f9a1c…be07"). */
export function shortHash(hash: string, keep = 8): string {
  return hash.length > keep * 2 + 1 ? `${hash.slice(0, keep)}…${hash.slice(-4)}` : hash;
}

/** A moment with seconds, in the reader's time zone and language ("Nov 23, 2026, 3:40:12 PM"). */
export function formatInstant(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'medium', numberingSystem: 'latn' }).format(
    new Date(iso),
  );
}
