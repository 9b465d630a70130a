import { randomBytes } from 'node:crypto';
import type { ClientToServerEvents, ServerToClientEvents } from '@muster/contracts';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { io, type Socket } from 'socket.io-client';

/** Password of every seeded demo user (README "Demo logins"). */
export const DEMO_PASSWORD = 'Muster!Demo2026';

export const DEMO_USERS = {
  ROOT_ADMIN: 'root@muster.example',
  DEPUTY_ADMIN: 'deputy@muster.example',
  SYSOPS: 'sysops@muster.example',
  ADMIN: 'admin@harborpoint.example',
  MANAGER: 'manager@harborpoint.example',
  INTERNAL_AUDITOR: 'auditor@harborpoint.example',
  ACCOUNTANT: 'accountant@harborpoint.example',
  USER: 'user@harborpoint.example',
} as const;
export const DEMO_GUEST_AUDITOR = 'guest.auditor@seaward-audit.example';

export interface OutboxEntry {
  to: string;
  subject: string;
  text: string;
  sentAt: string;
}

export function uniqueEmail(tag: string): string {
  return `e2e-${tag}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

/** The dev outbox, newest first. */
export async function outbox(request: APIRequestContext): Promise<OutboxEntry[]> {
  const res = await request.get('/api/dev/outbox');
  expect(res.ok()).toBe(true);
  return (await res.json()) as OutboxEntry[];
}

/** A fingerprint of a message, to tell the ones sent before an action from the new ones. */
export const fingerprint = (m: OutboxEntry) => `${m.sentAt}|${m.to}|${m.subject}|${m.text}`;

/**
 * Polls the outbox (mail goes through a queue) until a message to `to` whose subject matches
 * and that was not there in `before` arrives; answers its text.
 */
export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp, before: Set<string>): Promise<string> {
  let text = '';
  await expect
    .poll(
      async () => {
        const mail = (await outbox(request)).find(
          (m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject) && !before.has(fingerprint(m)),
        );
        text = mail?.text ?? '';
        return text;
      },
      { message: `a "${String(subject)}" mail to ${to}`, timeout: 15_000 },
    )
    .not.toBe('');
  return text;
}

/** Headers for a mutating API call from this context: the CSRF cookie echoed (any answer sets it). */
export async function csrfHeaders(request: APIRequestContext): Promise<Record<string, string>> {
  await request.get('/api/auth/me');
  const token = (await request.storageState()).cookies.find((c) => c.name === 'muster.csrf')?.value;
  expect(token, 'the muster.csrf cookie').toBeDefined();
  return { 'x-csrf-token': token! };
}

/** Signs the page's browser context in through the API (cookies are shared with the page). */
export async function signInAs(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const res = await page.request.post('/api/auth/login', { data: { email, password }, headers: await csrfHeaders(page.request) });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
}

/** A page in a browser context of its own, on the public site in English, signed in as `email`. */
export async function signedInPage(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/?lng=en');
  await signInAs(page, email);
  return page;
}

/** Signs a guest auditor in with the emailed code, through the API. */
export async function signInAsAuditor(page: Page, email = DEMO_GUEST_AUDITOR): Promise<void> {
  const before = new Set((await outbox(page.request)).map(fingerprint));
  expect(
    (await page.request.post('/api/auth/auditor/request-magic', { data: { email }, headers: await csrfHeaders(page.request) })).status(),
  ).toBe(200);
  // The code mail is in the language of the page that asked for it (its language cookie).
  const subject = /Auditor Portal sign-in code|Portal de auditores|审计员门户|بوابة المدققين/;
  const code = /\b(\d{6})\b/.exec(await waitForMail(page.request, email, subject, before))?.[1];
  const res = await page.request.post('/api/auth/auditor/verify-magic', {
    data: { email, code },
    headers: await csrfHeaders(page.request),
  });
  expect(res.status()).toBe(200);
}

/**
 * Fails each test of the file in which a screen rendered a Chakra component whose recipe had not
 * been loaded (web/src/components/ui/system.ts logs "[muster] Chakra … recipe … is not loaded").
 */
export function failOnMissingRecipes(): void {
  const seen = new WeakMap<Page, string[]>();
  test.beforeEach(({ page }) => {
    const messages: string[] = [];
    seen.set(page, messages);
    page.on('console', (message) => {
      if (message.text().includes('[muster] Chakra')) messages.push(message.text());
    });
  });
  test.afterEach(({ page }) => {
    expect(seen.get(page) ?? [], 'components rendered without their recipe').toEqual([]);
  });
}

export type ConsoleSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** A Socket.IO client with the page's session cookie: drives the live console as that member would. */
export async function consoleSocket(page: Page, baseURL: string): Promise<ConsoleSocket> {
  const cookie = (await page.context().cookies(baseURL)).map((c) => `${c.name}=${c.value}`).join('; ');
  const socket: ConsoleSocket = io(baseURL, {
    transports: ['websocket'],
    extraHeaders: { origin: baseURL, cookie },
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
