import {
  issueReason,
  isErrorReason,
  reasonText as englishText,
  type ErrorCode,
  type ErrorReason,
  type FieldReason,
  type ReasonParams,
} from '@muster/contracts';
import type { TFunction } from 'i18next';
import { ApiError, apiErrorBody, errorMessage } from './api';

/** Why a request was refused, as the server said it: an HTTP error body or a socket acknowledgement. */
export interface Refusal {
  code: string | null;
  reason: ErrorReason | null;
  params: ReasonParams;
  fields: Record<string, FieldReason>;
}

const GENERIC: Partial<Record<ErrorCode, ErrorReason>> = {
  UNAUTHENTICATED: 'common.unauthenticated',
  FORBIDDEN: 'common.forbidden',
  NOT_FOUND: 'notFound.resource',
  CONFLICT: 'common.conflict',
  RATE_LIMITED: 'common.rateLimited',
  SERVICE_UNAVAILABLE: 'common.serviceUnavailable',
  PAYLOAD_TOO_LARGE: 'common.payloadTooLarge',
};

function isParams(value: unknown): value is ReasonParams {
  return (
    Boolean(value) &&
    typeof value === 'object' &&
    Object.values(value as object).every((v) => typeof v === 'string' || typeof v === 'number')
  );
}

function fieldsOf(value: unknown): Record<string, FieldReason> {
  if (!value || typeof value !== 'object') return {};
  const fields: Record<string, FieldReason> = {};
  for (const [path, field] of Object.entries(value as Record<string, unknown>)) {
    const { reason, params } = (field ?? {}) as { reason?: unknown; params?: unknown };
    if (isErrorReason(reason)) fields[path] = { reason, params: isParams(params) ? params : {} };
  }
  return fields;
}

/** The refusal an error carries (an `ApiError` with Muster's body, or a `{ ok: false, code, reason }` ack). */
export function refusalOf(error: unknown): Refusal | null {
  const body: { code?: unknown; reason?: unknown; params?: unknown; fieldReasons?: unknown } | null =
    error instanceof ApiError ? apiErrorBody(error) : error && typeof error === 'object' && 'code' in error ? error : null;
  if (!body) return null;
  return {
    code: typeof body.code === 'string' ? body.code : null,
    reason: isErrorReason(body.reason) ? body.reason : null,
    params: isParams(body.params) ? body.params : {},
    fields: fieldsOf(body.fieldReasons),
  };
}

/**
 * A field's reason as one string a form keeps in its map of messages: the reason, with its
 * parameters as a query ("validation.minLength?min=2"). `reasonText` reads it back.
 */
export function fieldMessage({ reason, params }: FieldReason): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${reason}?${query}` : reason;
}

/** A `fieldMessage` string read back: its reason and parameters; null for a text that is no reason. */
function readFieldMessage(message: string): FieldReason | null {
  const query = message.indexOf('?');
  const name = query < 0 ? message : message.slice(0, query);
  if (!isErrorReason(name)) return null;
  return { reason: name, params: query < 0 ? {} : Object.fromEntries(new URLSearchParams(message.slice(query + 1))) };
}

/** A zod issue of a form's own check, as `fieldMessage` writes it. */
export function issueMessage(issue: Parameters<typeof issueReason>[0]): string {
  // An issue passed on from another form's check already says it in this form.
  if (issue.message.includes('?') && readFieldMessage(issue.message)) return issue.message;
  return fieldMessage(issueReason(issue));
}

/** The invalid fields of a server's refusal as issues (dotted path split, message as `fieldMessage`). */
export function serverIssues(error: unknown): { path: string[]; message: string }[] {
  return Object.entries(refusalOf(error)?.fields ?? {}).map(([path, field]) => ({ path: path.split('.'), message: fieldMessage(field) }));
}

/**
 * A reason in the reader's language (`errors:<reason>`), given as a reason and its parameters or
 * as one `fieldMessage` string; a text that is no reason, as it is.
 */
export function reasonText(t: TFunction, reason: string, params: ReasonParams = {}): string {
  const read = readFieldMessage(reason);
  return read ? t(read.reason, { ns: 'errors', ...read.params, ...params }) : reason;
}

/**
 * What to tell the reader about a failed request, in their language: the refusal's reason, else
 * the class of its code, else that Muster could not be reached. Never Muster's English; an
 * answer that is not Muster's (no `code`) is shown in its own words.
 */
export function errorText(t: TFunction, error: unknown): string {
  const refusal = refusalOf(error);
  if (refusal?.reason) return reasonText(t, refusal.reason, refusal.params);
  // Not Muster's answer (a proxy's, a gateway's): its own words, read as spec §8 says.
  if (error instanceof ApiError && !refusal?.code) return errorMessage(error);
  const generic = refusal?.code === 'timeout' ? 'common.timeout' : refusal?.code ? GENERIC[refusal.code as ErrorCode] : undefined;
  if (generic) return reasonText(t, generic);
  if (error instanceof ApiError || refusal) return reasonText(t, 'common.internal');
  return reasonText(t, 'common.offline');
}

/** The invalid fields of a refusal, each with its text in the reader's language. */
export function fieldErrors(t: TFunction, error: unknown): Record<string, string> {
  const refusal = refusalOf(error);
  return Object.fromEntries(Object.entries(refusal?.fields ?? {}).map(([path, f]) => [path, reasonText(t, f.reason, f.params)]));
}

/** The first invalid field's text, or the refusal's own: what a form shows when it has one place for it. */
export function firstErrorText(t: TFunction, error: unknown): string {
  return Object.values(fieldErrors(t, error))[0] ?? errorText(t, error);
}

/** A form's messages (as `fieldMessage` writes them) in English: what tests and logs read. */
export function messagesInEnglish(messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).map(([path, message]) => {
      const read = readFieldMessage(message);
      return [path, read ? englishText(read.reason, read.params) : message];
    }),
  );
}
