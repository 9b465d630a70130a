import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { csrfHeaders, failOnMissingRecipes, signInAs } from './support';

failOnMissingRecipes();

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A SIEM receiver on 127.0.0.1 (the e2e server allows loopback through SIEM_ALLOWED_NETWORKS):
 * it records every request and answers 200.
 */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${String(port)}/hooks/muster`, received };
}

/** Standard Webhooks: `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the secret after `whsec_`. */
function signatureHolds(secret: string, request: Received): boolean {
  const id = String(request.headers['webhook-id']);
  const timestamp = String(request.headers['webhook-timestamp']);
  const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64'))
    .update(`${id}.${timestamp}.${request.body}`)
    .digest();
  return String(request.headers['webhook-signature'])
    .split(' ')
    .filter((part) => part.startsWith('v1,'))
    .some((part) => {
      const given = Buffer.from(part.slice(3), 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/** A new organisation on the Enterprise plan (SIEM webhooks are an Enterprise feature), its administrator signed in. */
async function newEnterpriseOrganisation(page: Page): Promise<void> {
  const email = `siem-${randomBytes(4).toString('hex')}@siem-port.example`;
  const password = 'Siem-Harbour-Pass-42!';
  await page.goto('/?lng=en');
  const registered = await page.request.post('/api/auth/register', {
    headers: await csrfHeaders(page.request),
    data: { organizationName: 'Siem Harbour Ltd', email, password, confirmPassword: password },
  });
  expect(registered.status()).toBe(201);
  await signInAs(page, email, password);
  const checkout = await page.request.post('/api/billing/checkout', {
    headers: await csrfHeaders(page.request),
    data: { plan: 'enterprise', cycle: 'monthly' },
  });
  expect(checkout.status()).toBe(201);
  const { id } = (await checkout.json()) as { id: string };
  const completed = await page.request.post(`/api/billing/checkout/${id}/complete`, { headers: await csrfHeaders(page.request) });
  expect(completed.status()).toBe(200);
}

/**
 * SIEM webhooks end to end: an administrator adds a destination pointing at a receiver started by
 * the test, sees its signing secret once, sends a test event, and watches it arrive in the delivery
 * log as delivered with the receiver's 200, live; the receiver got it signed (Standard Webhooks).
 */
test('an administrator adds a SIEM destination, sees the secret once, and a test event is delivered signed', async ({ page }) => {
  test.setTimeout(60_000);
  const receiver = await startReceiver();
  try {
    await newEnterpriseOrganisation(page);
    await page.goto('/app/admin/siem?lng=en');
    await expect(page.getByRole('heading', { level: 1, name: 'SIEM webhook' })).toBeVisible();
    await expect(page.getByTestId('siem-empty')).toBeVisible();

    await page.getByTestId('siem-add').click();
    const dialog = page.getByTestId('siem-dialog');
    await dialog.getByTestId('siem-name').fill('Local receiver');
    await dialog.getByTestId('siem-url').fill(receiver.url);
    await expect(dialog.getByTestId('siem-format')).toHaveValue('standard_webhooks');
    await dialog.getByTestId('siem-submit').click();

    // The secret, this once.
    const reveal = page.getByTestId('secret-dialog');
    await expect(reveal).toBeVisible();
    await expect(reveal.getByTestId('secret-warning')).toContainText('it will not be shown again');
    const secret = await reveal.getByTestId('secret-value').inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await reveal.getByTestId('secret-done').click();
    await expect(reveal).toBeHidden();

    const card = page.locator('[data-testid="siem-destination"][data-name="Local receiver"]');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('siem-destination-url')).toHaveText(receiver.url);
    await expect(card.getByTestId('siem-status')).toContainText('Enabled');
    await expect(card.getByTestId('siem-status')).toContainText('Standard Webhooks JSON (OCSF)');
    // Only the hint is ever shown again.
    await expect(card.getByTestId('siem-secret')).toHaveCount(1);
    await page.reload();
    await expect(card).toBeVisible();
    expect(await page.content()).not.toContain(secret);

    await card.getByTestId('siem-test').click();
    const testDelivery = page.locator('[data-testid="delivery"][data-test="true"]');
    await expect(testDelivery).toHaveCount(1);
    // Pushed by `siem:delivery` when the worker is done: no reload, no polling.
    await expect(testDelivery).toHaveAttribute('data-status', 'delivered');
    await expect(testDelivery.getByTestId('delivery-code')).toHaveText('200');
    await expect(testDelivery.getByTestId('delivery-status')).toHaveText('Delivered');
    await expect(testDelivery).toContainText('Test event');

    await testDelivery.getByTestId('delivery-toggle').click();
    const attempts = page.getByTestId('delivery-attempts');
    await expect(attempts.getByTestId('delivery-attempt')).toHaveCount(1);
    await expect(attempts.getByTestId('delivery-attempt')).toContainText('200');
    const webhookId = (await attempts.locator('code').first().textContent())?.trim() ?? '';
    expect(webhookId).not.toBe('');

    const request = receiver.received.find((r) => r.headers['webhook-id'] === webhookId);
    expect(request, `the receiver got the test event ${webhookId}`).toBeDefined();
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe('/hooks/muster');
    expect(request!.headers['webhook-id']).toBe(webhookId);
    expect(request!.headers['webhook-timestamp']).toMatch(/^\d{10}$/);
    expect(request!.headers['webhook-signature']).toMatch(/^v1,/);
    expect(request!.headers['content-type']).toContain('application/json');
    expect(signatureHolds(secret, request!)).toBe(true);
    // Every delivery the receiver got (the destination's own creation is audited too) is signed.
    for (const r of receiver.received) {
      expect(r.headers['webhook-id']).toBeTruthy();
      expect(r.headers['webhook-timestamp']).toBeTruthy();
      expect(r.headers['webhook-signature']).toBeTruthy();
    }
  } finally {
    receiver.server.closeAllConnections();
    await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
  }
});
