/** What Muster meters per organisation and billing month (`usage_records`). */
export const USAGE_RESOURCE_TYPES = ['drill', 'ai_tokens', 'email', 'storage', 'scim_calls', 'siem_events'] as const;
export type UsageResourceType = (typeof USAGE_RESOURCE_TYPES)[number];

/** The billing month of an instant, in UTC: `YYYY-MM`. */
export function billingMonth(at: Date = new Date()): string {
  return at.toISOString().slice(0, 7);
}
