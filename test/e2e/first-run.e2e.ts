import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { expect as baseExpect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { Redis } from 'ioredis';
import { csrfHeaders, DEMO_USERS, signInAs, uniqueEmail } from './support';

/**
 * The README's quick start as a newcomer follows it: `npm start` on an empty DATA_DIR with no
 * DATABASE_URL (the embedded PostgreSQL), then the README's tour in Chromium — sign up a new
 * organisation and sign in to it; as the demo manager add a corrective action to the drill
 * awaiting approval, approve it and download its PDF; as the demo customer open a live chat that
 * the demo operator accepts, answers and ends; file a ticket. /api/health answers 200 all along,
 * and the process (with its database) is gone within 10 s of SIGTERM.
 */

const ROOT = resolve(import.meta.dirname, '../..');
// Every screen of the tour is a first visit to a server that has just created its database, on a
// machine shared with the rest of the end-to-end run.
const expect = baseExpect.configure({ timeout: 30_000 });

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  url: string;
  exited: Promise<number | null>;
}

/** `npm start`, exactly as the README says, in its own process group (as a terminal runs it). */
function npmStart(env: Record<string, string>): Promise<Started> {
  const childEnv: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key !== 'DATABASE_URL' && !key.startsWith('npm_')) childEnv[key] = value;
  }
  const child = spawn('npm', ['start'], { cwd: ROOT, env: { ...childEnv, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const output: string[] = [];
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  return new Promise((done, fail) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      output.push(line);
      const running = /Muster is running at (http:\/\/\S+)/.exec(line);
      if (running) done({ child, url: running[1]!, exited });
    });
    void exited.then((code) => fail(new Error(`npm start exited with ${code} before it was running:\n${output.slice(-20).join('\n')}`)));
  });
}

/** Polls /api/health until stopped; answers every status that was not 200. */
function watchHealth(url: string): { stop(): Promise<string[]> } {
  const problems: string[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const started = Date.now();
      try {
        const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(15_000) });
        // The report names what failed and why (a part down, a check that timed out).
        if (res.status !== 200) problems.push(`${res.status} at ${new Date().toISOString()}: ${await res.text()}`);
      } catch (err) {
        problems.push(`${(err as Error).name} at ${new Date().toISOString()}`);
      }
      await new Promise((r) => setTimeout(r, Math.max(0, 250 - (Date.now() - started))));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return problems;
    },
  };
}

async function person(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, locale: 'en-GB' });
  return { context, page: await context.newPage() };
}

/** Whether any process of the process group `pgid` still runs. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

function postgresPid(dataDir: string): number | null {
  const file = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number.parseInt(readFileSync(file, 'utf8').split('\n')[0]!, 10);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

test.describe('First run, as the README says', () => {
  // The first start creates the database cluster, migrates and seeds it: give it room on two cores.
  test.setTimeout(300_000);

  test('npm start on an empty data directory: sign up, a drill summary and its PDF, a live chat, a ticket; health stays 200; SIGTERM ends it', async ({
    browser,
  }) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'muster-first-run-'));
    const prefix = `muster-first-run-${randomBytes(4).toString('hex')}`;
    const port = await freePort();
    let started: Started | null = null;
    try {
      started = await npmStart({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, REDIS_PREFIX: prefix });
      const url = started.url;
      expect(url).toBe(`http://localhost:${port}`);
      const health = watchHealth(url);

      // 1. A new organisation signs up and signs in.
      const owner = await person(browser, url);
      const email = uniqueEmail('first-run');
      const password = 'First-Run-Passw0rd!';
      await owner.page.goto('/signup?lng=en');
      await owner.page.getByTestId('signup-organization').fill('First Run Harbour');
      await owner.page.getByTestId('signup-email').fill(email);
      await owner.page.getByTestId('signup-password').fill(password);
      await owner.page.getByTestId('signup-confirm-password').fill(password);
      await owner.page.getByTestId('signup-submit').click();
      await expect(owner.page.getByTestId('login-email')).toHaveValue(email);
      await owner.page.getByTestId('login-password').fill(password);
      await owner.page.getByTestId('login-submit').click();
      await expect(owner.page.getByTestId('greeting')).toBeVisible();

      // 2. The demo manager takes a corrective action on the fire drill awaiting approval,
      // approves it and downloads the after-action PDF.
      const manager = await person(browser, url);
      await signInAs(manager.page, DEMO_USERS.MANAGER);
      const runs = (await (await manager.page.request.get('/api/drills/runs?status=completed')).json()) as {
        items: { id: string; title: string }[];
      };
      const fire = runs.items.find((r) => r.title === 'Warehouse fire drill — berth 4');
      expect(fire, 'the seeded fire drill awaiting approval').toBeDefined();
      await manager.page.goto(`/app/drills/runs/${fire!.id}/summary?lng=en`);
      await expect(manager.page.getByTestId('summary-page')).toBeVisible();
      await manager.page.getByTestId('action-title').fill('Mark the warehouse assembly point');
      const owners = manager.page.getByTestId('action-owner');
      await expect(owners.locator('option')).not.toHaveCount(1);
      await owners.selectOption({ index: 1 });
      await manager.page.getByTestId('action-due').fill('2030-03-31');
      await manager.page.getByTestId('action-submit').click();
      await expect(manager.page.getByTestId('action-row').filter({ hasText: 'Mark the warehouse assembly point' })).toBeVisible();
      await manager.page.getByTestId('approve-button').click();
      await manager.page.getByTestId('approve-confirm').click();
      await expect(manager.page.getByTestId('summary-status')).toHaveAttribute('data-status', 'approved');
      const [download] = await Promise.all([manager.page.waitForEvent('download'), manager.page.getByTestId('export-pdf').click()]);
      const pdf = readFileSync(await download.path());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

      // 3. The demo customer opens a live chat; the demo operator accepts, answers and ends it.
      const operator = await person(browser, url);
      await signInAs(operator.page, DEMO_USERS.SYSOPS);
      const presence = await operator.page.request.patch('/api/chat/operators/me', {
        data: { presence: 'online', capacity: 3 },
        headers: await csrfHeaders(operator.page.request),
      });
      expect(presence.status()).toBe(200);
      await operator.page.goto('/app/sysops/live-chat?lng=en');
      await expect(operator.page.getByTestId('presence-controls')).toHaveAttribute('data-presence', 'online');

      const customer = await person(browser, url);
      await signInAs(customer.page, DEMO_USERS.USER);
      await customer.page.goto('/app/help-desk?lng=en');
      await customer.page.getByTestId('assistant-talk-to-person').click();
      await customer.page.getByTestId('chat-first-message').fill('Our drill reminders did not arrive this week.');
      await customer.page.getByTestId('start-chat').click();
      const chat = customer.page.getByTestId('customer-chat');
      await expect(chat).toHaveAttribute('data-status', 'active');

      const mine = operator.page.getByTestId('my-chat').first();
      await expect(mine).toBeVisible();
      await mine.click();
      const console = operator.page.getByTestId('operator-chat');
      await expect(console.getByTestId('chat-message')).toContainText(['Our drill reminders did not arrive this week.']);
      await operator.page.getByTestId('chat-input').fill('I have resent them; they should arrive within a minute.');
      await operator.page.getByTestId('chat-input').press('Enter');
      await expect(chat.getByTestId('chat-message').last()).toContainText('I have resent them');
      await operator.page.getByTestId('chat-close').click();
      await expect(console).toHaveAttribute('data-status', 'closed');
      await expect(chat).toHaveAttribute('data-status', 'closed');
      await expect(customer.page.getByTestId('chat-system').last()).toHaveText('The support operator ended the chat');

      // 4. The customer files a ticket.
      await customer.page.goto('/app/my-tickets?lng=en');
      await customer.page.getByTestId('new-ticket').click();
      await customer.page.getByTestId('ticket-subject').fill('Reminder emails missing');
      await customer.page.getByTestId('ticket-category').selectOption({ index: 1 });
      await customer.page.getByTestId('ticket-description').fill('No reminder reached the roster of the man overboard drill.');
      await customer.page.getByTestId('ticket-submit').click();
      await expect(customer.page.getByTestId('ticket-page')).toBeVisible();
      await expect(customer.page.getByTestId('ticket-page')).toContainText('Reminder emails missing');

      expect(await health.stop(), '/api/health answers other than 200').toEqual([]);
      for (const p of [owner, manager, operator, customer]) await p.context.close();

      // SIGTERM (to the process group, as a terminal or a service manager sends it): gone within 10 s.
      const stopping = Date.now();
      process.kill(-started.child.pid!, 'SIGTERM');
      // npm may leave before Muster has finished: wait for every process of the group.
      await expect
        .poll(() => groupAlive(started!.child.pid!), {
          message: 'npm start and Muster exit within 10 s of SIGTERM',
          timeout: 10_000,
          intervals: [100],
        })
        .toBe(false);
      expect(Date.now() - stopping).toBeLessThan(10_000);
      expect(postgresPid(dataDir), 'the embedded PostgreSQL stopped with Muster').toBeNull();
      started = null;
    } finally {
      if (started?.child.exitCode === null) {
        try {
          process.kill(-started.child.pid!, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      const pid = postgresPid(dataDir);
      if (pid) process.kill(pid, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
        cursor = next;
        if (keys.length) await redis.del(...keys);
      } while (cursor !== '0');
      redis.disconnect();
    }
  });
});
