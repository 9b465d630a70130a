import { COOKIES, CSRF_HEADER } from '@muster/contracts';

/**
 * A browser-like HTTP client for the integration tests: it keeps cookies (session, CSRF,
 * magic-code nonce), sends the CSRF header on mutating requests, and an Origin like a browser.
 */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(
    private readonly baseUrl: string,
    private readonly origin: string | null = 'http://localhost:5173',
  ) {}

  /** Starts the browser session the way the web app does: any answer sets the CSRF cookie. */
  async init(): Promise<this> {
    await this.get('/api/auth/me');
    return this;
  }

  get sessionId(): string | undefined {
    return this.cookies.get(COOKIES.session);
  }

  private remember(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some(
        (a) => /^\s*max-age=0\s*$/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split('=')[1]!).getTime() < Date.now()),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** `options.raw` sends that exact text as a JSON body (malformed and oversized bodies). */
  async request(
    method: string,
    path: string,
    body?: unknown,
    options: { csrf?: boolean; headers?: Record<string, string>; raw?: string } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = { ...options.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.origin && method !== 'GET') headers.origin ??= this.origin;
    const csrf = this.cookies.get(COOKIES.csrf);
    if (method !== 'GET' && options.csrf !== false && csrf) headers[CSRF_HEADER] = csrf;
    const payload = options.raw ?? (body === undefined ? undefined : JSON.stringify(body));
    if (payload !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${this.baseUrl}${path}`, { method, headers, body: payload });
    this.remember(res);
    return res;
  }

  /** Posts a multipart form (file uploads); fetch writes the boundary into the content type. */
  async postForm(path: string, form: FormData, options: { csrf?: boolean } = {}): Promise<Response> {
    const headers: Record<string, string> = {};
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (this.origin) headers.origin = this.origin;
    const csrf = this.cookies.get(COOKIES.csrf);
    if (options.csrf !== false && csrf) headers[CSRF_HEADER] = csrf;
    const res = await fetch(`${this.baseUrl}${path}`, { method: 'POST', headers, body: form });
    this.remember(res);
    return res;
  }

  get(path: string): Promise<Response> {
    return this.request('GET', path);
  }

  post(path: string, body?: unknown, options?: { csrf?: boolean; headers?: Record<string, string>; raw?: string }): Promise<Response> {
    return this.request('POST', path, body, options);
  }

  patch(path: string, body?: unknown): Promise<Response> {
    return this.request('PATCH', path, body);
  }

  delete(path: string): Promise<Response> {
    return this.request('DELETE', path);
  }
}

/** A multipart form with one file under `file`, as the upload endpoints take it. */
export function fileForm(content: Buffer, filename: string, type: string): FormData {
  const data = new FormData();
  data.append('file', new Blob([new Uint8Array(content)], { type }), filename);
  return data;
}
