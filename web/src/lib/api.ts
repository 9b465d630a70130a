import { API_PATHS, buildPath, COOKIES, CSRF_HEADER, type BodyOf, type EndpointDef, type ResponseOf } from '@muster/contracts';

/**
 * The one API client (spec §7): credentials always, JSON bodies, a non-OK answer raises an
 * error whose message is `status: body` (or the status text when the body is empty), and a
 * 204/205 or non-JSON answer yields an empty result.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const MUTATING: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Reads one cookie the page can see (`document.cookie`), URL-decoded. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw) || null;
    } catch {
      return raw || null;
    }
  }
  return null;
}

let csrfPriming: Promise<void> | null = null;

/**
 * The CSRF token (double submit of the readable `muster.csrf` cookie). When the cookie is
 * missing, one GET /api/auth/me (any answer sets it) is made first; concurrent callers share it.
 */
export async function csrfToken(): Promise<string | null> {
  const existing = readCookie(COOKIES.csrf);
  if (existing) return existing;
  csrfPriming ??= fetch(API_PATHS.me, { method: 'GET', credentials: 'include', headers: { Accept: 'application/json' } })
    .then(
      () => undefined,
      () => undefined,
    )
    .finally(() => {
      csrfPriming = null;
    });
  await csrfPriming;
  return readCookie(COOKIES.csrf);
}

/**
 * One request. A `FormData` body goes as multipart (the browser writes its content type);
 * any other body as JSON. `extraHeaders` are added as given (the live chat's visitor token).
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  url: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<T> {
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (MUTATING.has(method)) {
    const token = await csrfToken();
    if (token) headers[CSRF_HEADER] = token;
  }
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers,
    body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
  });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, text, res.statusText);
  }
  if (res.status === 204 || res.status === 205) return null as T;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('application/json')) return null as T;
  return (await res.json()) as T;
}

/**
 * Sends one file as multipart/form-data (field `field`), with credentials and the CSRF header
 * like every other call; errors are `ApiError`s like any other answer.
 */
export async function uploadFile<T = unknown>(url: string, file: Blob, filename: string, field = 'file'): Promise<T> {
  const form = new FormData();
  form.append(field, file, filename);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = await csrfToken();
  if (token) headers[CSRF_HEADER] = token;
  const res = await fetch(url, { method: 'POST', credentials: 'include', headers, body: form });
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(res.status, text, res.statusText);
  }
  const type = res.headers.get('content-type') ?? '';
  return (type.includes('application/json') ? await res.json() : null) as T;
}

/** Calls an endpoint declared in contracts, with its typed body and answer. */
export function callEndpoint<E extends EndpointDef>(
  endpoint: E,
  options: {
    body?: BodyOf<E>;
    params?: Record<string, string | number>;
    /** Query-string parameters (undefined values are left out). */
    query?: Record<string, string | number | undefined>;
    headers?: Record<string, string>;
  } = {},
): Promise<ResponseOf<E>> {
  let url = buildPath(endpoint.path, options.params);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {})) if (value !== undefined) search.set(key, String(value));
  if (search.size > 0) url += `?${search.toString()}`;
  return apiRequest<ResponseOf<E>>(endpoint.method, url, options.body, options.headers);
}

/** Default query function: the query-key segments joined by slashes are the GET path. */
export function defaultQueryFn({ queryKey }: { queryKey: readonly unknown[] }): Promise<unknown> {
  return apiRequest('GET', queryKey.map(String).join('/'));
}

export const FALLBACK_ERROR_MESSAGE = 'An unexpected error occurred';

/** The parts of Muster's error body (contracts `errorBodySchema`) the screens read. */
export interface ApiErrorBody {
  statusCode?: number;
  error?: string;
  message?: string;
  code?: string;
  reason?: string;
  params?: Record<string, string | number>;
  fields?: Record<string, string>;
  fieldReasons?: Record<string, { reason: string; params: Record<string, string | number> }>;
}

/** The parsed JSON body of a failed request, or null when it has none. */
export function apiErrorBody(error: unknown): ApiErrorBody | null {
  if (!(error instanceof ApiError) || !error.bodyText) return null;
  try {
    const parsed: unknown = JSON.parse(error.bodyText);
    return parsed && typeof parsed === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/** The HTTP status of a failed request, or null for a network failure or any other error. */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

/**
 * The text to show for a failed request (spec §8): the part after the status code; if it is
 * JSON with an `error` field, that; else a `message` field; else the raw text; if none, the
 * fallback. Muster's own error body (it carries a `code`) has the HTTP reason phrase in `error`
 * ("Too Many Requests") and the sentence meant for people in `message`, so there `message` wins.
 */
export function errorMessage(error: unknown): string {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const match = /^\d{3}: ?([\s\S]*)$/.exec(raw);
  const text = (match ? match[1] : raw)?.trim() ?? '';
  if (!text) return FALLBACK_ERROR_MESSAGE;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') {
      const { error: err, message, code } = parsed as { error?: unknown; message?: unknown; code?: unknown };
      if (typeof code === 'string' && typeof message === 'string' && message) return message;
      if (typeof err === 'string' && err) return err;
      if (typeof message === 'string' && message) return message;
    }
  } catch {
    // Not JSON: the raw text is the message.
  }
  return text;
}
