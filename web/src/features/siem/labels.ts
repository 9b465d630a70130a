import { type SiemDeliveryStatus, type SiemDestination, type SiemFormat, type UpdateSiemDestinationInput } from '@muster/contracts';

export const DELIVERY_PALETTE: Record<SiemDeliveryStatus, string> = { pending: 'yellow', delivered: 'green', failed: 'red' };

/** One line of a destination's health: a key of the `siem` namespace, its colour and values. */
export interface StateLine {
  key: string;
  palette: string;
  /** ISO instants to show in the reader's time zone. */
  at?: string;
}

/**
 * What a destination's status badges say: enabled or disabled (by an admin, because the receiver
 * answered 410 Gone, or after days of failures), throttled until a time, failing since a time.
 */
export function destinationState(
  d: Pick<SiemDestination, 'enabled' | 'disabledReason' | 'disabledAt' | 'throttledUntil' | 'failingSince'>,
  now: number,
): StateLine[] {
  const lines: StateLine[] = [];
  if (!d.enabled) {
    const reason = d.disabledReason ?? 'manual';
    lines.push({
      key: `status.disabled.${reason}`,
      palette: reason === 'manual' ? 'gray' : 'red',
      ...(d.disabledAt ? { at: d.disabledAt } : {}),
    });
  } else lines.push({ key: 'status.enabled', palette: 'green' });
  if (d.enabled && d.throttledUntil && Date.parse(d.throttledUntil) > now)
    lines.push({ key: 'status.throttled', palette: 'orange', at: d.throttledUntil });
  if (d.failingSince) lines.push({ key: 'status.failing', palette: 'red', at: d.failingSince });
  return lines;
}

/** The destination form's text fields (the event classes are checkboxes beside them). */
export interface DestinationFormValues {
  name: string;
  url: string;
  format: string;
  minSeverityId: string;
  authorization: string;
}
export type DestinationField = keyof DestinationFormValues;

export function formValuesOf(d?: SiemDestination): DestinationFormValues {
  return {
    name: d?.name ?? '',
    url: d?.url ?? '',
    format: d?.format ?? 'standard_webhooks',
    minSeverityId: String(d?.minSeverityId ?? 1),
    authorization: '',
  };
}

/** The body the create schema checks: an empty Authorization is no header. */
export function createInput(values: DestinationFormValues, classUids: readonly number[]) {
  return {
    name: values.name,
    url: values.url,
    format: values.format,
    classUids: [...classUids].sort((a, b) => a - b),
    minSeverityId: values.minSeverityId,
    ...(values.authorization.trim() ? { authorization: values.authorization } : {}),
  };
}

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

/**
 * Only what changed of a destination. The Authorization header is never shown again: an empty
 * field keeps it, a new value replaces it, and `removeAuthorization` sends "" (no header).
 */
export function updateInput(
  d: SiemDestination,
  values: DestinationFormValues,
  classUids: readonly number[],
  removeAuthorization: boolean,
): UpdateSiemDestinationInput {
  const body: UpdateSiemDestinationInput = {};
  if (values.name.trim() !== d.name) body.name = values.name;
  if (values.url.trim() !== d.url) body.url = values.url;
  if (values.format !== d.format) body.format = values.format as SiemFormat;
  if (!sameSet(classUids, d.classUids)) body.classUids = [...classUids].sort((a, b) => a - b);
  if (values.minSeverityId !== String(d.minSeverityId)) body.minSeverityId = Number(values.minSeverityId);
  if (values.authorization.trim()) body.authorization = values.authorization;
  else if (removeAuthorization && d.hasAuthorization) body.authorization = '';
  return body;
}
