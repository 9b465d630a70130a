import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { csrfHeaders, DEMO_USERS, fingerprint, outbox, signInAs, uniqueEmail, waitForMail } from './support';

/**
 * Live chat end to end (spec §1, §2 help desk and SYSOPS routes): a visitor on /app/help-desk and
 * support operators in /app/sysops/live-chat, each in their own browser context, against the real
 * server and sockets. Operators are set online or offline through the API; every wait is on what
 * the screens show, never on time.
 */

interface Person {
  context: BrowserContext;
  page: Page;
  /** Messages of components rendered before their Chakra recipe was loaded (must stay empty). */
  recipeErrors: string[];
}

/** axe finds no serious or critical violation on the page as it is now. */
async function expectAccessible(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${label}: axe violations`).toEqual([]);
}

async function person(browser: Browser): Promise<Person> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const recipeErrors: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('[muster] Chakra')) recipeErrors.push(message.text());
  });
  return { context, page, recipeErrors };
}

/** Sets the signed-in operator's presence through the API; answers their chat name. */
async function setPresence(request: APIRequestContext, presence: 'online' | 'away' | 'offline', capacity = 5): Promise<string> {
  const res = await request.patch('/api/chat/operators/me', { data: { presence, capacity }, headers: await csrfHeaders(request) });
  expect(res.status(), `presence ${presence}`).toBe(200);
  return ((await res.json()) as { name: string }).name;
}

async function operator(browser: Browser, email: string): Promise<Person & { name: string }> {
  const p = await person(browser);
  await signInAs(p.page, email);
  return { ...p, name: await setPresence(p.page.request, 'online') };
}

/** A visitor asks for a person on /app/help-desk and writes the first message. */
async function startVisitorChat(page: Page, name: string, message: string): Promise<void> {
  await page.goto('/app/help-desk');
  await page.getByTestId('assistant-talk-to-person').click();
  await page.getByTestId('chat-name').fill(name);
  await page.getByTestId('chat-email').fill(uniqueEmail('chat-queue'));
  await page.getByTestId('chat-first-message').fill(message);
  await page.getByTestId('start-chat').click();
}

/** The visitor's chat id, as the help desk keeps it for this browser. */
async function chatIdOf(page: Page): Promise<string> {
  const raw = await page.evaluate(() => localStorage.getItem('muster.liveChat'));
  expect(raw, 'the stored chat').not.toBeNull();
  return (JSON.parse(raw!) as { chatId: string }).chatId;
}

test.describe('Live chat', () => {
  // The tests depend on who is online: they run one after the other. Each drives several
  // browsers and runs axe on a shared 2-core machine, hence the longer time budget.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });

  test('with nobody online, a visitor or a member leaves a message that becomes a ticket answered by email', async ({ browser }) => {
    const ops = await person(browser);
    for (const email of [DEMO_USERS.SYSOPS, DEMO_USERS.DEPUTY_ADMIN, DEMO_USERS.ROOT_ADMIN]) {
      await signInAs(ops.page, email);
      await setPresence(ops.page.request, 'offline');
    }
    const visitor = await person(browser);
    const email = uniqueEmail('chat-offline');
    const before = new Set((await outbox(visitor.page.request)).map(fingerprint));

    await visitor.page.goto('/app/help-desk');
    await expect(visitor.page.getByTestId('help-desk-assistant')).toContainText('Skipper');
    await expectAccessible(visitor.page, 'the help desk');
    await visitor.page.getByTestId('assistant-talk-to-person').click();
    await expect(visitor.page.getByTestId('nobody-online')).toContainText('Nobody is online right now');
    await expectAccessible(visitor.page, 'the visitor form');
    // Name and email are checked before anything is sent.
    await visitor.page.getByTestId('start-chat').click();
    await expect(visitor.page.getByTestId('start-chat-form')).toContainText('Required');
    await visitor.page.getByTestId('chat-name').fill('Otto Offline');
    await visitor.page.getByTestId('chat-email').fill(email);
    await visitor.page.getByTestId('chat-first-message').fill('Please call me back about our drill plan.');
    await visitor.page.getByTestId('start-chat').click();
    await expect(visitor.page.getByTestId('chat-ticket-created')).toContainText(`We will answer you by email at ${email}.`);
    await waitForMail(visitor.page.request, email, /./, before);

    // A signed-in member gives no name or email (they are known) and gets a link to the ticket.
    const member = await person(browser);
    await signInAs(member.page, DEMO_USERS.USER);
    await member.page.goto('/app/help-desk');
    await member.page.getByTestId('assistant-talk-to-person').click();
    await expect(member.page.getByTestId('nobody-online')).toBeVisible();
    await expect(member.page.getByTestId('chat-email')).toHaveCount(0);
    await member.page.getByTestId('chat-first-message').fill('Our drill reminders stopped.');
    await member.page.getByTestId('start-chat').click();
    await expect(member.page.getByTestId('chat-ticket-created')).toContainText(`We will answer you by email at ${DEMO_USERS.USER}.`);
    const link = member.page.getByRole('link', { name: 'Open the ticket' });
    const ticketId = /\/app\/tickets\/([0-9a-f-]{36})$/.exec((await link.getAttribute('href')) ?? '')?.[1];
    expect(ticketId, 'the ticket link').toBeDefined();
    const ticket = await member.page.request.get(`/api/tickets/${ticketId}`);
    expect(ticket.status()).toBe(200);
    expect(JSON.stringify(await ticket.json())).toContain('Our drill reminders stopped.');

    for (const p of [visitor, member]) expect(p.recipeErrors).toEqual([]);
    await Promise.all([ops.context.close(), visitor.context.close(), member.context.close()]);
  });

  test('a visitor chats with an operator: typing, read receipts, transfer, end, rating, transcript and a ticket', async ({ browser }) => {
    const first = await operator(browser, DEMO_USERS.SYSOPS);
    await first.page.goto('/app/sysops/live-chat');
    await expect(first.page.getByTestId('presence-controls')).toHaveAttribute('data-presence', 'online');

    // Skipper answers first, from a published help article, with a link to it.
    const visitor = await person(browser);
    const email = uniqueEmail('chat-visitor');
    await visitor.page.goto('/app/help-desk');
    await visitor.page.getByTestId('assistant-question').fill('How do I verify a compliance packet QR code?');
    await visitor.page.getByTestId('assistant-send').click();
    await expect(visitor.page.getByTestId('assistant-answer').last()).toHaveAttribute('data-known', 'true');
    await expect(visitor.page.getByTestId('assistant-source').first()).toContainText('Compliance packets and QR verification');
    // Then the visitor asks for a person and gives their name and email with the first message.
    await visitor.page.getByTestId('assistant-talk-to-person').click();
    await visitor.page.getByTestId('chat-name').fill('Vera Visitor');
    await visitor.page.getByTestId('chat-email').fill(email);
    await visitor.page.getByTestId('chat-first-message').fill('The drill console will not start.');
    await visitor.page.getByTestId('start-chat').click();
    const chat = visitor.page.getByTestId('customer-chat');
    // The only operator online takes it at once.
    await expect(chat).toHaveAttribute('data-status', 'active');
    await expect(visitor.page.getByTestId('chat-status-line')).toHaveText(`You are talking to ${first.name}`);
    await expect(chat.getByTestId('chat-message')).toHaveText(['The drill console will not start.']);
    const chatId = await chatIdOf(visitor.page);

    // It appears in the operator's chats without a reload; the operator opens it.
    const mine = first.page.locator(`[data-testid="my-chat"][data-chat-id="${chatId}"]`);
    await expect(mine).toContainText('Vera Visitor');
    await mine.click();
    const console1 = first.page.getByTestId('operator-chat');
    await expect(console1).toHaveAttribute('data-chat-id', chatId);
    await expect(console1.getByTestId('chat-message')).toContainText(['The drill console will not start.']);
    // The operator has read it: the visitor sees the receipt.
    await expect(chat.getByTestId('chat-read-receipt')).toContainText('Read');

    // Typing, both ways.
    await visitor.page.getByTestId('chat-input').fill('It shows a blank scr');
    await expect(console1.getByTestId('chat-typing')).toHaveText('Vera Visitor is typing…');
    await visitor.page.getByTestId('chat-input').fill('It shows a blank screen.');
    await visitor.page.getByTestId('chat-input').press('Enter');
    await expect(console1.getByTestId('chat-message').last()).toContainText('It shows a blank screen.');
    await expect(console1.getByTestId('chat-typing')).toHaveCount(0);
    await first.page.getByTestId('chat-input').fill('Let me check that for you');
    await expect(visitor.page.getByTestId('chat-typing')).toHaveText(`${first.name} is typing…`);
    await first.page.getByTestId('chat-send').click();
    await expect(chat.getByTestId('chat-message').last()).toContainText('Let me check that for you');
    // The visitor's tab is visible, so the operator sees the reply was seen.
    await expect(console1.getByTestId('chat-read-receipt')).toContainText('Seen');
    await expectAccessible(visitor.page, 'the help desk chat');
    await expectAccessible(first.page, 'the live chat console');

    // A second operator comes online and the first hands the chat over with a note for them.
    const second = await operator(browser, DEMO_USERS.DEPUTY_ADMIN);
    await console1.getByTestId('chat-transfer').click();
    const dialog = first.page.getByTestId('transfer-dialog');
    const option = dialog.locator('option', { hasText: second.name });
    await expect(option).toHaveCount(1);
    const value = await option.getAttribute('value');
    expect(value, 'the operator option').toBeTruthy();
    await dialog.getByTestId('transfer-operator').selectOption(value ?? '');
    await dialog.getByTestId('transfer-note').fill('Console issue, knows the drill id');
    await dialog.getByTestId('transfer-submit').click();
    await expect(visitor.page.getByTestId('chat-status-line')).toHaveText(`You are talking to ${second.name}`);
    await expect(chat.getByTestId('chat-system').last()).toHaveText(`${first.name} passed the chat to ${second.name}`);
    // The note is for staff only.
    await expect(chat).not.toContainText('Console issue, knows the drill id');

    // The second operator has it full screen, note included, and answers.
    await second.page.goto(`/app/chat/${chatId}`);
    const console2 = second.page.getByTestId('operator-chat');
    await expect(console2).toHaveAttribute('data-status', 'active');
    await expect(console2.getByTestId('chat-system').last()).toContainText('Console issue, knows the drill id');
    await second.page.getByTestId('chat-input').fill('Restarting the run fixes it.');
    await second.page.getByTestId('chat-input').press('Enter');
    await expect(chat.getByTestId('chat-message').last()).toContainText('Restarting the run fixes it.');

    // The visitor ends the chat, rates it and asks for the transcript.
    await visitor.page.getByTestId('chat-end').click();
    await expect(chat).toHaveAttribute('data-status', 'closed');
    await expect(console2).toHaveAttribute('data-status', 'closed');
    await expect(chat.getByTestId('chat-system').last()).toHaveText('The customer ended the chat');
    await expect(chat.getByTestId('chat-input')).toHaveCount(0);
    await visitor.page.getByRole('radio', { name: '4 of 5' }).click();
    await visitor.page.getByTestId('chat-rating-comment').fill('Quick and friendly.');
    await visitor.page.getByTestId('chat-rate').click();
    await expect(visitor.page.getByTestId('chat-rated')).toHaveText('Thank you for your rating (4 of 5).');
    await expectAccessible(visitor.page, 'the ended chat');
    const before = new Set((await outbox(visitor.page.request)).map(fingerprint));
    await visitor.page.getByTestId('chat-transcript').click();
    await expect(visitor.page.getByTestId('chat-transcript-sent')).toContainText(email);
    expect(await waitForMail(visitor.page.request, email, /./, before)).toContain('Restarting the run fixes it.');

    // A reload of the visitor's tab resumes the same (ended) chat.
    await visitor.page.reload();
    await expect(visitor.page.getByTestId('customer-chat')).toHaveAttribute('data-status', 'closed');
    await expect(visitor.page.getByTestId('chat-rated')).toBeVisible();

    // The operator turns the chat into a ticket, which support operators then find.
    await console2.getByTestId('chat-to-ticket').click();
    const link = console2.getByTestId('chat-ticket-link');
    await expect(link).toBeVisible();
    const ticketId = /\/app\/tickets\/([0-9a-f-]{36})$/.exec((await link.getAttribute('href')) ?? '')?.[1];
    expect(ticketId, 'the ticket link').toBeDefined();
    const ticket = await first.page.request.get(`/api/tickets/${ticketId}`);
    expect(ticket.status()).toBe(200);
    expect(JSON.stringify(await ticket.json())).toContain('The drill console will not start.');
    const all = await first.page.request.get('/api/tickets?scope=all&limit=100');
    expect(all.status()).toBe(200);
    expect(JSON.stringify(await all.json())).toContain(ticketId!);

    for (const p of [first, second, visitor]) expect(p.recipeErrors).toEqual([]);
    await setPresence(second.page.request, 'offline');
    await setPresence(first.page.request, 'offline');
    await Promise.all([first.context.close(), second.context.close(), visitor.context.close()]);
  });

  test('an operator bans an email address from live chat, the visitor is refused, and the ban is lifted', async ({ browser }) => {
    const sysops = await person(browser);
    await signInAs(sysops.page, DEMO_USERS.SYSOPS);
    const banned = uniqueEmail('chat-banned');
    await sysops.page.goto('/app/sysops/chat-bans?lng=ar');
    await expect(sysops.page.getByTestId('ban-form')).toBeVisible();
    await expectAccessible(sysops.page, 'chat bans (ar)');
    await sysops.page.goto('/app/sysops/chat-bans?lng=en');
    // The form says what is missing before anything is sent.
    await sysops.page.getByTestId('ban-submit').click();
    await expect(sysops.page.getByTestId('ban-form')).toContainText('Choose account, email or IP address');
    await sysops.page.getByTestId('ban-kind').selectOption('email');
    await sysops.page.getByTestId('ban-value').fill(banned);
    await sysops.page.getByTestId('ban-reason').fill('Abusive messages');
    await sysops.page.getByTestId('ban-hours').fill('2');
    await sysops.page.getByTestId('ban-submit').click();
    const row = sysops.page.getByTestId('ban-row').filter({ hasText: banned });
    await expect(row).toHaveAttribute('data-active', 'true');
    await expect(row).toContainText('Abusive messages');

    const visitor = await person(browser);
    await visitor.page.goto('/app/help-desk?lng=ar');
    await expect(visitor.page.getByTestId('help-desk-assistant')).toContainText('Skipper');
    await expectAccessible(visitor.page, 'the help desk (ar)');
    await visitor.page.goto('/app/help-desk?lng=es');
    await visitor.page.getByTestId('assistant-talk-to-person').click();
    await visitor.page.getByTestId('chat-name').fill('Bruno Banned');
    await visitor.page.getByTestId('chat-email').fill(banned);
    await visitor.page.getByTestId('chat-first-message').fill('Hola');
    await visitor.page.getByTestId('start-chat').click();
    // The server's refusal, in the visitor's language.
    await expect(visitor.page.getByTestId('start-chat-error')).toHaveText(
      'No puede iniciar un chat. Si cree que es un error, escriba a soporte por correo electrónico.',
    );
    await expectAccessible(visitor.page, 'the refused chat (es)');

    await row.getByTestId('ban-lift').click();
    await sysops.page.getByTestId('ban-lift-confirm').click();
    await expect(row).toHaveAttribute('data-active', 'false');
    await expect(row).toContainText('Lifted');
    for (const p of [sysops, visitor]) expect(p.recipeErrors).toEqual([]);
    await Promise.all([sysops.context.close(), visitor.context.close()]);
  });

  test('a chat beyond the operator capacity waits in the queue until accepted; canned responses are managed and inserted', async ({
    browser,
  }) => {
    const op = await person(browser);
    await signInAs(op.page, DEMO_USERS.SYSOPS);
    const name = await setPresence(op.page.request, 'online', 1);
    await op.page.goto('/app/sysops/live-chat');
    await expect(op.page.getByTestId('operator-load')).toHaveText('0 of 1 chats');

    const first = await person(browser);
    await startVisitorChat(first.page, 'Fiona First', 'First in line.');
    await expect(first.page.getByTestId('customer-chat')).toHaveAttribute('data-status', 'active');
    const firstId = await chatIdOf(first.page);
    await expect(op.page.getByTestId('operator-load')).toHaveText('1 of 1 chats');

    const second = await person(browser);
    await startVisitorChat(second.page, 'Sam Second', 'Second in line.');
    await expect(second.page.getByTestId('customer-chat')).toHaveAttribute('data-status', 'queued');
    await expect(second.page.getByTestId('chat-status-line')).toHaveText('Waiting for an operator…');
    const secondId = await chatIdOf(second.page);

    // The queue shows it live; the first chat, not opened yet, has unread messages.
    const queued = op.page.locator(`[data-testid="queue-item"][data-chat-id="${secondId}"]`);
    await expect(queued).toContainText('Second in line.');
    await expect(op.page.locator(`[data-testid="my-chat"][data-chat-id="${firstId}"]`).getByTestId('my-chat-unread')).toBeVisible();
    await queued.getByTestId('queue-accept').click();
    await expect(second.page.getByTestId('chat-status-line')).toHaveText(`You are talking to ${name}`);
    await expect(op.page.getByTestId('operator-chat')).toHaveAttribute('data-chat-id', secondId);
    await expect(queued).toHaveCount(0);
    await expect(op.page.getByTestId('queue-count')).toHaveText('0');

    // A message in the other chat raises its unread count while this one is open.
    const firstItem = op.page.locator(`[data-testid="my-chat"][data-chat-id="${firstId}"]`);
    await firstItem.click();
    await expect(firstItem.getByTestId('my-chat-unread')).toHaveCount(0);
    await op.page.locator(`[data-testid="my-chat"][data-chat-id="${secondId}"]`).click();
    await first.page.getByTestId('chat-input').fill('Still there?');
    await first.page.getByTestId('chat-input').press('Enter');
    await expect(firstItem.getByTestId('my-chat-unread')).toHaveText('1');

    // A canned response the operator adds is offered by its shortcut and inserted with Tab.
    const shortcut = `e2e${Date.now().toString(36)}`;
    await op.page.getByTestId('canned-manage').click();
    const canned = op.page.getByTestId('canned-dialog');
    await canned.getByTestId('canned-shortcut').fill(shortcut);
    await canned.getByTestId('canned-title').fill('Queue apology');
    await canned.getByTestId('canned-body').fill('Sorry for the wait, you are next.');
    await canned.getByTestId('canned-save').click();
    const item = canned.getByTestId('canned-item').filter({ hasText: `/${shortcut}` });
    await expect(item).toContainText('Queue apology');
    await item.getByRole('button', { name: `Edit /${shortcut}` }).click();
    await canned.getByTestId('canned-title').fill('Queue apology (edited)');
    await canned.getByTestId('canned-save').click();
    await expect(item).toContainText('Queue apology (edited)');
    await op.page.keyboard.press('Escape');
    await expect(canned).toHaveCount(0);
    await op.page.locator(`[data-testid="my-chat"][data-chat-id="${firstId}"]`).click();
    await expect(op.page.getByTestId('operator-chat')).toHaveAttribute('data-chat-id', firstId);
    await op.page.getByTestId('chat-input').fill(`/${shortcut.slice(0, 5)}`);
    await expect(op.page.getByTestId('canned-suggestions')).toContainText(`/${shortcut}`);
    await op.page.getByTestId('chat-input').press('Tab');
    await expect(op.page.getByTestId('chat-input')).toHaveValue('Sorry for the wait, you are next.');
    await op.page.getByTestId('chat-input').press('Enter');
    await expect(first.page.getByTestId('chat-message').last()).toContainText('Sorry for the wait, you are next.');
    await op.page.getByTestId('canned-manage').click();
    await item.getByRole('button', { name: `Delete /${shortcut}` }).click();
    await expect(item).toHaveCount(0);
    await op.page.keyboard.press('Escape');

    // The operator ends both chats from the console.
    for (const id of [secondId, firstId]) {
      await op.page.locator(`[data-testid="my-chat"][data-chat-id="${id}"]`).click();
      await expect(op.page.getByTestId('operator-chat')).toHaveAttribute('data-chat-id', id);
      await op.page.getByTestId('chat-close').click();
      await expect(op.page.getByTestId('operator-chat')).toHaveAttribute('data-status', 'closed');
    }
    await expect(first.page.getByTestId('chat-system').last()).toHaveText('The support operator ended the chat');
    await setPresence(op.page.request, 'offline');
    for (const p of [op, first, second]) expect(p.recipeErrors).toEqual([]);
    await Promise.all([op.context.close(), first.context.close(), second.context.close()]);
  });

  test('an open chat follows a signed-in customer to every tab and device, and a visitor to every tab of the browser', async ({
    browser,
  }) => {
    const op = await operator(browser, DEMO_USERS.SYSOPS);
    await op.page.goto('/app/sysops/live-chat');
    await expect(op.page.getByTestId('presence-controls')).toHaveAttribute('data-presence', 'online');

    // A member with the help desk open in a second tab starts a chat in the first.
    const laptop = await person(browser);
    await signInAs(laptop.page, DEMO_USERS.ACCOUNTANT);
    const otherTab = await laptop.context.newPage();
    await otherTab.goto('/app/help-desk');
    await expect(otherTab.getByTestId('help-desk-assistant')).toBeVisible();
    await laptop.page.goto('/app/help-desk');
    await laptop.page.getByTestId('assistant-talk-to-person').click();
    await laptop.page.getByTestId('chat-first-message').fill('Where do I find last year’s drill reports?');
    await laptop.page.getByTestId('start-chat').click();
    await expect(laptop.page.getByTestId('customer-chat')).toHaveAttribute('data-status', 'active');
    // The other tab follows without a reload; another device signed in as the member finds it too.
    await expect(otherTab.getByTestId('customer-chat')).toHaveAttribute('data-status', 'active');
    const phone = await person(browser);
    await signInAs(phone.page, DEMO_USERS.ACCOUNTANT);
    await phone.page.goto('/app/help-desk');
    await expect(phone.page.getByTestId('customer-chat')).toHaveAttribute('data-status', 'active');

    // The operator's reply reaches every one of them, and so does the end of the chat.
    const chatId = await chatIdOf(laptop.page);
    await op.page.locator(`[data-testid="my-chat"][data-chat-id="${chatId}"]`).click();
    await op.page.getByTestId('chat-input').fill('They are under Drill Runs, filtered by the status Approved.');
    await op.page.getByTestId('chat-input').press('Enter');
    const memberScreens = [laptop.page, otherTab, phone.page];
    for (const screen of memberScreens) {
      await expect(screen.getByTestId('customer-chat').getByTestId('chat-message').last()).toContainText('filtered by the status Approved');
    }
    await op.page.getByTestId('chat-close').click();
    for (const screen of memberScreens) await expect(screen.getByTestId('customer-chat')).toHaveAttribute('data-status', 'closed');

    // A visitor's chat follows them to the other tabs of the same browser, open or opened later.
    const visitor = await person(browser);
    const visitorTab = await visitor.context.newPage();
    await visitorTab.goto('/app/help-desk');
    await expect(visitorTab.getByTestId('help-desk-assistant')).toBeVisible();
    await startVisitorChat(visitor.page, 'Tove Tabs', 'Two tabs, one chat?');
    await expect(visitor.page.getByTestId('customer-chat')).toHaveAttribute('data-status', 'active');
    await expect(visitorTab.getByTestId('customer-chat')).toHaveAttribute('data-status', 'active');
    const laterTab = await visitor.context.newPage();
    await laterTab.goto('/app/help-desk');
    await expect(laterTab.getByTestId('customer-chat')).toHaveAttribute('data-status', 'active');
    const visitorChatId = await chatIdOf(visitor.page);
    await op.page.locator(`[data-testid="my-chat"][data-chat-id="${visitorChatId}"]`).click();
    await expect(op.page.getByTestId('operator-chat')).toHaveAttribute('data-chat-id', visitorChatId);
    await op.page.getByTestId('chat-input').fill('Yes: one chat, every tab.');
    await op.page.getByTestId('chat-input').press('Enter');
    for (const screen of [visitor.page, visitorTab, laterTab]) {
      await expect(screen.getByTestId('customer-chat').getByTestId('chat-message').last()).toContainText('one chat, every tab');
    }
    await op.page.getByTestId('chat-close').click();
    await expect(visitorTab.getByTestId('customer-chat')).toHaveAttribute('data-status', 'closed');

    await setPresence(op.page.request, 'offline');
    for (const p of [op, laptop, phone, visitor]) expect(p.recipeErrors).toEqual([]);
    await Promise.all([op.context.close(), laptop.context.close(), phone.context.close(), visitor.context.close()]);
  });
});
