import { hasRank, type SamlRefusal, type SamlRole } from '@muster/contracts';

/** What node-saml's messages mean for the health panel. */
export function refusalOf(message: string): SamlRefusal {
  if (/InResponseTo/i.test(message)) return 'in_response_to';
  if (/audience/i.test(message)) return 'audience';
  if (/expired|not yet valid|too old/i.test(message)) return 'expired';
  if (/signature|Cannot obtain assertion|multiple assertions/i.test(message)) return 'signature';
  if (/issuer/i.test(message)) return 'issuer';
  if (/SAML provider returned|status code/i.test(message)) return 'status';
  if (/Missing SAML assertion|Unknown SAML response/i.test(message)) return 'malformed';
  return 'unknown';
}

/** The highest-ranked role the user's IdP groups map to (null: no mapped group). */
export function mappedRole(groups: readonly string[], mappings: readonly { group: string; role: SamlRole }[]): SamlRole | null {
  let best: SamlRole | null = null;
  for (const m of mappings) {
    if (!groups.includes(m.group)) continue;
    if (!best || (hasRank(m.role, best) && m.role !== best)) best = m.role;
  }
  return best;
}

/** A same-site path to return to (never another site, never the API). */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value.length > 500 || /[\r\n\t]/.test(value) || value.startsWith('/api/')) return null;
  return value;
}
