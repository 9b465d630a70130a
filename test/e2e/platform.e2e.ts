import { expect, test, type Page } from '@playwright/test';
import { locale } from './locales';

const html = (page: Page) => page.locator('html');

/** Every translation read is retried 5 times, waiting 350, 700, 1400, 2800 and 5600 ms. */
const RETRY_WAITS_MS = [350, 700, 1400, 2800, 5600];
/** All retries of one failing read, with room for the requests themselves. */
const FALLBACK_TIMEOUT_MS = 25_000;

test.describe('Language', () => {
  test('Arabic sets dir="rtl" and survives a reload', async ({ page }) => {
    await page.goto('/?lng=ar');
    await expect(html(page)).toHaveAttribute('lang', 'ar');
    await expect(html(page)).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale('ar', 'home').hero!.title!);
    expect(await page.evaluate(() => localStorage.getItem('muster.language'))).toBe('ar');

    // Without the query string the stored choice decides, across reloads.
    await page.goto('/');
    await page.reload();
    await expect(html(page)).toHaveAttribute('lang', 'ar');
    await expect(html(page)).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale('ar', 'home').hero!.title!);
  });
});

test.describe('English fallback when a translation cannot load', () => {
  // page.route sees the page's own requests; keep a service worker from answering instead.
  test.use({ serviceWorkers: 'block' });
  test.describe.configure({ timeout: 60_000 });

  test('a Spanish namespace answering 500 is retried, then shows in English', async ({ page }) => {
    const attempts: number[] = [];
    await page.route('**/locales/es/home.json', (route) => {
      attempts.push(Date.now());
      return route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' });
    });
    await page.goto('/?lng=es');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale('en', 'home').hero!.title!, {
      timeout: FALLBACK_TIMEOUT_MS,
    });
    // Only that namespace falls back: the language stays Spanish and so do the common texts.
    await expect(html(page)).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('contentinfo')).toContainText(locale('es', 'common').footer!.disclaimer!.replace('{{product}}', 'Muster'));
    await expect(page.locator('body')).not.toContainText(/\bhero\.[a-z]+/);

    // One read and 5 retries, each wait double the one before.
    expect(attempts).toHaveLength(1 + RETRY_WAITS_MS.length);
    RETRY_WAITS_MS.forEach((wait, i) => {
      expect(attempts[i + 1]! - attempts[i]!).toBeGreaterThanOrEqual(wait - 25);
    });
  });

  test('an Arabic common namespace that cannot be reached shows the common texts in English', async ({ page }) => {
    let attempts = 0;
    await page.route('**/locales/ar/common.json', (route) => {
      attempts += 1;
      return route.abort('failed');
    });
    await page.goto('/?lng=ar');

    await expect(page.getByRole('contentinfo')).toContainText(locale('en', 'common').footer!.disclaimer!.replace('{{product}}', 'Muster'), {
      timeout: FALLBACK_TIMEOUT_MS,
    });
    await expect(html(page)).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale('ar', 'home').hero!.title!);
    await expect(page.locator('body')).not.toContainText(/\b(footer|nav|language)\.[a-zA-Z]+/);
    // Read once and retried 5 times; namespaces loaded later do not read it again.
    expect(attempts).toBe(1 + RETRY_WAITS_MS.length);
  });

  test('a missing namespace (404) falls back to English without retrying', async ({ page }) => {
    let attempts = 0;
    await page.route('**/locales/zh/home.json', (route) => {
      attempts += 1;
      return route.fulfill({ status: 404, contentType: 'text/plain', body: 'Not found' });
    });
    await page.goto('/?lng=zh');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(locale('en', 'home').hero!.title!);
    await expect(html(page)).toHaveAttribute('lang', 'zh');
    expect(attempts).toBe(1);
  });
});

test.describe('Service worker', () => {
  test('/sw.js is JavaScript and is registered for the whole site', async ({ page, request, baseURL }) => {
    const script = await request.get('/sw.js');
    expect(script.status()).toBe(200);
    expect(script.headers()['content-type']).toMatch(/^(text|application)\/javascript\b/);

    await page.goto('/?lng=en');
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { scope: ready.scope, scriptURL: ready.active?.scriptURL ?? '' };
    });
    expect(registration.scope).toBe(`${baseURL!}/`);
    expect(new URL(registration.scriptURL).pathname).toBe('/sw.js');
  });

  test('a navigation without network shows the offline page; api answers are never cached', async ({ page, context }) => {
    // The status page reads the api and opens the realtime channel.
    await page.goto('/status?lng=en');
    await expect(page.getByTestId('overall-status')).toBeVisible();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The worker controls pages loaded after it became active.
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect(page.getByTestId('overall-status')).toBeVisible();

    const cached = async () =>
      page.evaluate(async () => {
        const urls: string[] = [];
        for (const name of await caches.keys()) {
          for (const entry of await (await caches.open(name)).keys()) urls.push(new URL(entry.url).pathname);
        }
        return urls;
      });
    await expect.poll(async () => (await cached()).some((path) => path.startsWith('/assets/'))).toBe(true);
    const paths = await cached();
    expect(paths).toContain('/offline.html');
    expect(paths.filter((path) => path.startsWith('/api') || path.startsWith('/socket.io'))).toEqual([]);

    await context.setOffline(true);
    try {
      await page.goto('/pricing');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('You are offline');
      await expect(page.getByRole('link', { name: 'Try again' })).toBeVisible();
      await expect(page.getByText('您已离线')).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
});

test.describe('Service worker update', () => {
  test('a new version installed while an older one controls the page is offered, and accepting reloads into it', async ({ page }) => {
    await page.goto('/?lng=en');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const dialog = page.waitForEvent('dialog');
    // A new deployment changes the script's bytes; registering it under a new URL stands in
    // for that (the route layer cannot rewrite the browser's own update fetch of /sw.js).
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js?version=next', { scope: '/' });
    });
    const question = await dialog;
    expect(question.type()).toBe('confirm');
    expect(question.message()).toBe('A new version of Muster is available. Reload to update?');
    const reloaded = page.waitForEvent('load');
    await question.accept();
    await reloaded;

    // The page reloaded once, controlled by the new worker.
    const controller = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? '');
    expect(new URL(controller).search).toBe('?version=next');
  });
});

test.describe('Toasts', () => {
  test('in Arabic: one error toast at a time at the logical end, F8 focuses it, a swipe towards the edge dismisses it', async ({
    page,
  }) => {
    await page.route('**/api/health', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: 'Database unreachable' }) }),
    );
    await page.goto('/status?lng=ar');

    const region = page.locator('[data-scope="toast"][data-part="group"]');
    const visibleToasts = region.locator('[data-part="root"]:visible');
    const toast = visibleToasts.first();
    await expect(toast).toContainText(locale('ar', 'common').error!.title!);
    await expect(toast).toContainText('Database unreachable');
    await expect(toast).toHaveAttribute('data-type', 'error');
    await expect(visibleToasts).toHaveCount(1);

    // Right to left: the end side is the left.
    const box = (await toast.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.x + box.width / 2).toBeLessThan(viewport.width / 2);

    await expect(region).toHaveAttribute('aria-label', locale('ar', 'pwa').toaster!.region!.replace('{{hotkey}}', 'F8'));
    await page.keyboard.press('F8');
    await expect(region).toBeFocused();

    const drag = async (dx: number) => {
      const b = (await toast.boundingBox())!;
      await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2);
      await page.mouse.down();
      await page.mouse.move(b.x + b.width / 2 + dx / 2, b.y + b.height / 2, { steps: 4 });
      await page.mouse.move(b.x + b.width / 2 + dx, b.y + b.height / 2, { steps: 4 });
      await page.mouse.up();
    };
    // Away from the edge, or not far enough: the toast stays.
    await drag(80);
    await drag(-30);
    await expect(toast).toHaveAttribute('data-state', 'open');
    // 50 px or more towards the edge dismisses it.
    await drag(-80);
    await expect(visibleToasts).toHaveCount(0);

    // The dismissed toast is kept hidden for the removal delay, yet the next one shows at once.
    await page.getByRole('button', { name: locale('ar', 'status').refresh as unknown as string }).click();
    await expect(visibleToasts).toHaveCount(1);
    await expect(visibleToasts.first()).toContainText('Database unreachable');
  });

  test('in English the toast sits at the bottom right', async ({ page }) => {
    await page.route('**/api/health', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Down"}' }));
    await page.goto('/status?lng=en');
    const toast = page.locator('[data-scope="toast"][data-part="root"]:visible').first();
    await expect(toast).toContainText('Error');
    await expect(toast).toContainText('Down');
    const box = (await toast.boundingBox())!;
    expect(box.x + box.width / 2).toBeGreaterThan(page.viewportSize()!.width / 2);
  });
});
