import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { csrfHeaders, DEMO_USERS, failOnMissingRecipes, fingerprint, outbox, signedInPage, waitForMail } from './support';

failOnMissingRecipes();

/** A tiny real PNG (1×1, transparent). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const tag = (what: string) => `${what} ${Date.now().toString(36)}${randomBytes(2).toString('hex')}`;
const toast = (page: Page) => page.locator('[data-scope="toast"][data-part="root"]');

/** Opens a ticket through the API as the signed-in member of `request`. */
async function openTicket(request: APIRequestContext, subject: string): Promise<{ id: string; number: number }> {
  const res = await request.post('/api/tickets', {
    headers: await csrfHeaders(request),
    data: { subject, description: 'Seeded by the end-to-end test.', category: 'technical', priority: 'normal' },
  });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: string; number: number };
}

test.describe('Tickets', () => {
  test.describe.configure({ timeout: 90_000 });

  test('lifecycle: a customer opens a ticket with a file, an operator assigns, replies, notes and resolves', async ({ browser }) => {
    const subject = tag('Console timer stops');
    const customer = await signedInPage(browser, DEMO_USERS.USER);
    const before = new Set((await outbox(customer.request)).map(fingerprint));

    // The customer opens the ticket from My tickets, with an attachment.
    await customer.goto('/app/my-tickets?lng=en');
    await customer.getByTestId('new-ticket').click();
    await expect(customer).toHaveURL(/\/app\/tickets\/new$/);
    await customer.getByTestId('ticket-subject').fill(subject);
    await customer.getByTestId('ticket-category').selectOption('incident');
    await customer.getByTestId('ticket-priority').selectOption('high');
    await customer.getByTestId('ticket-description').fill('The drill console timer froze at 04:12 during the evacuation drill.');
    await customer.getByTestId('ticket-files-input').setInputFiles({ name: 'console.png', mimeType: 'image/png', buffer: PNG });
    await expect(customer.getByTestId('pending-files')).toContainText('console.png');
    await customer.getByTestId('ticket-submit').click();
    await expect(customer.getByTestId('ticket-page')).toBeVisible();
    const ticketUrl = customer.url();
    const ticketId = /\/app\/tickets\/([0-9a-f-]{36})$/.exec(ticketUrl)?.[1];
    expect(ticketId).toBeDefined();
    const { number } = (await (await customer.request.get(`/api/tickets/${ticketId!}`)).json()) as { number: number };
    await expect(customer.getByTestId('ticket-attachment')).toHaveText('console.png');
    const file = await customer.request.get((await customer.getByTestId('ticket-attachment').getAttribute('href'))!);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(file.headers()['content-disposition']).toContain('attachment');

    // The operator finds it in the queue and assigns it to themselves.
    const operator = await signedInPage(browser, DEMO_USERS.SYSOPS);
    await operator.goto(`/app/sysops/tickets?lng=en&q=${encodeURIComponent(subject)}`);
    const row = operator.getByTestId('ticket-row').filter({ hasText: subject });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('ticket-sla')).toHaveAttribute('data-sla', 'ok');
    await row.getByTestId('queue-assign-me').click();
    await expect(row).toContainText('Assigned to');
    await expect(row.getByTestId('queue-assign-me')).toHaveCount(0);

    // A public reply, then an internal note.
    await row.getByRole('link', { name: subject }).click();
    await expect(operator.getByTestId('ticket-page')).toBeVisible();
    await expect(operator.getByTestId('ticket-attachment')).toHaveText('console.png');
    const reply = 'We restarted the timer service; please try the console again.';
    await operator.getByTestId('ticket-reply').fill(reply);
    await operator.getByTestId('ticket-send').click();
    await expect(operator.getByTestId('ticket-comment').filter({ hasText: reply })).toBeVisible();
    const note = 'Root cause: the timer worker lost its Redis connection.';
    await operator.getByTestId('ticket-internal-toggle').click();
    await operator.getByTestId('ticket-reply').fill(note);
    await operator.getByTestId('ticket-send').click();
    await expect(operator.getByTestId('ticket-note').filter({ hasText: note })).toBeVisible();
    await expect(operator.getByTestId('ticket-history')).toContainText('added an internal note');

    // The customer's open page shows the reply without a reload (pushed over the socket), never the note.
    await expect(customer.getByTestId('ticket-comment').filter({ hasText: reply })).toBeVisible();
    await expect(customer.getByTestId('ticket-note')).toHaveCount(0);
    await expect(customer.getByText(note)).toHaveCount(0);
    await expect(customer.getByTestId('ticket-history')).not.toContainText('internal');

    // The operator resolves; the requester is emailed about the reply and the status.
    await operator.getByTestId('ticket-status-select').selectOption('resolved');
    await expect(operator.getByTestId('ticket-page').getByTestId('ticket-status').first()).toHaveText('Resolved');
    await expect(operator.getByTestId('ticket-history')).toContainText('changed the status from Open to Resolved');
    const replyMail = await waitForMail(
      customer.request,
      DEMO_USERS.USER,
      new RegExp(`New reply on your ticket #${String(number)} `),
      before,
    );
    expect(replyMail).toContain(reply);
    expect(replyMail).not.toContain(note);
    const statusMail = await waitForMail(
      customer.request,
      DEMO_USERS.USER,
      new RegExp(`Your ticket #${String(number)} is now resolved`),
      before,
    );
    expect(statusMail).toContain(subject);

    // The status follows on the customer's open page too.
    await expect(customer.getByTestId('ticket-page').getByTestId('ticket-status').first()).toHaveText('Resolved');
    await customer.context().close();
    await operator.context().close();
  });

  test('bulk status change in the operator queue', async ({ browser }) => {
    const customer = await signedInPage(browser, DEMO_USERS.USER);
    const group = tag('Bulk batch');
    const first = await openTicket(customer.request, `${group} first`);
    const second = await openTicket(customer.request, `${group} second`);
    const untouched = await openTicket(customer.request, `${group} third`);

    const operator = await signedInPage(browser, DEMO_USERS.SYSOPS);
    await operator.goto(`/app/sysops/tickets?lng=en&q=${encodeURIComponent(group)}`);
    const rows = operator.getByTestId('ticket-row');
    await expect(rows).toHaveCount(3);
    const rowOf = (id: string) => operator.locator(`[data-testid="ticket-row"][data-ticket-id="${id}"]`);
    await rowOf(first.id).getByTestId('queue-select').click();
    await rowOf(second.id).getByTestId('queue-select').click();
    await expect(operator.getByTestId('queue-selected-count')).toHaveText('Selected: 2');
    await operator.getByTestId('queue-bulk-status').selectOption('closed');
    await operator.getByTestId('queue-bulk-apply').click();
    await expect(toast(operator).filter({ hasText: 'Status Closed set on 2 tickets' })).toBeVisible();
    await expect(rowOf(first.id).getByTestId('ticket-status')).toHaveText('Closed');
    await expect(rowOf(second.id).getByTestId('ticket-status')).toHaveText('Closed');
    await expect(rowOf(untouched.id).getByTestId('ticket-status')).toHaveText('Open');
    await expect(operator.getByTestId('queue-selected-count')).toHaveText('Selected: 0');

    // The filters narrow the queue to the closed ones.
    await operator.getByTestId('filter-status').selectOption('closed');
    await expect(rows).toHaveCount(2);
    await customer.context().close();
    await operator.context().close();
  });
});
