import AxeBuilder from '@axe-core/playwright';
import { siteMetaValues } from '@muster/contracts';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, failOnMissingRecipes, signInAs, uniqueEmail } from './support';
import { LANGUAGES, locale } from './locales';

failOnMissingRecipes();

type Tree = { [key: string]: string | Tree };
const read = (lng: string, ns: string) => locale(lng, ns) as unknown as Tree;
const at = (tree: Tree, path: string): string => {
  const value = path.split('.').reduce<string | Tree | undefined>((node, key) => (typeof node === 'object' ? node[key] : undefined), tree);
  if (typeof value !== 'string') throw new Error(`No text at ${path}`);
  return value;
};
const product = (text: string) => text.replace(/\{\{product\}\}/g, 'Muster');
/** A page title or description as the site fills it in a language (price, trial days, saving). */
const meta = (code: string, path: string) => {
  const values = siteMetaValues(code);
  return at(read(code, 'site'), path).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
};

/** The public pages, each with its namespace and where its h1 comes from. */
const PAGES = [
  { path: '/', ns: 'home', h1: 'hero.title', meta: 'home' },
  { path: '/about', ns: 'about', h1: 'title', meta: 'about' },
  { path: '/solutions', ns: 'solutions', h1: 'title', meta: 'solutions' },
  { path: '/pricing', ns: 'pricing', h1: 'title', meta: 'pricing' },
  { path: '/faq', ns: 'faq', h1: 'title', meta: 'faq' },
  { path: '/contact', ns: 'contact', h1: 'title', meta: 'contact' },
  { path: '/docs', ns: 'docs', h1: 'title', meta: 'docs' },
  { path: '/legal/privacy', ns: 'legal', h1: 'privacy.title', meta: 'privacy' },
  { path: '/legal/terms', ns: 'legal', h1: 'terms.title', meta: 'terms' },
] as const;

/** A raw key on screen would read like "sections.drills.title": the top-level keys of the page's namespaces followed by a dot. */
function rawKeyPattern(lng: string, namespaces: string[]): RegExp {
  const tops = new Set(namespaces.flatMap((ns) => Object.keys(read(lng, ns))));
  return new RegExp(`\\b(${[...tops].join('|')})\\.[A-Za-z]`);
}

async function expectNoSeriousAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `${label}: axe violations`).toEqual([]);
}

test.describe('Public site', () => {
  for (const { code, dir } of LANGUAGES) {
    test(`every page renders in ${code} with its own title and no missing text`, async ({ page }) => {
      test.setTimeout(90_000);
      for (const { path, ns, h1, meta: id } of PAGES) {
        await page.goto(`${path}?lng=${code}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(product(at(read(code, ns), h1)));
        await expect(page.locator('html')).toHaveAttribute('lang', code);
        await expect(page.locator('html')).toHaveAttribute('dir', dir);
        await expect(page).toHaveTitle(meta(code, `meta.${id}.title`));
        await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', meta(code, `meta.${id}.description`));
        // innerText keeps the breaks between blocks, so the end of one sentence and the start of the next never read as a key.
        const text = await page.locator('body').innerText();
        expect(text, `${path} (${code})`).not.toMatch(rawKeyPattern(code, [ns, 'site', 'shell', 'common']));
        expect(text, `${path} (${code})`).not.toContain('{{');
        // The English fallback must not stand in for a missing translation.
        if (code !== 'en') await expect(page.getByRole('contentinfo')).toContainText(at(read(code, 'site'), 'footer.tagline'));
      }
    });
  }

  test('states on the home page, pricing, solutions and about that Muster does not guarantee compliance', async ({ page }) => {
    for (const path of ['/', '/solutions', '/pricing', '/about']) {
      await page.goto(`${path}?lng=en`);
      await expect(page.getByTestId('site-disclaimer')).toContainText('does not guarantee regulatory compliance');
    }
  });

  test('the pricing toggle takes 20 % off every price and shows the yearly amount', async ({ page }) => {
    await page.goto('/pricing?lng=en');
    const plans = ['basic', 'standard', 'enterprise'] as const;
    const monthly = new Map<string, number>();
    for (const plan of plans) monthly.set(plan, Number(await page.getByTestId(`price-${plan}`).getAttribute('data-cents')));
    expect(Object.fromEntries(monthly)).toEqual({ basic: 12900, standard: 39900, enterprise: 149900 });
    await expect(page.getByTestId('price-basic')).toHaveText('$129');
    await expect(page.getByTestId('billed-basic')).toHaveText('Billed monthly');
    await expect(page.getByTestId('billing-monthly')).toHaveAttribute('aria-pressed', 'true');

    await page.getByTestId('billing-annual').click();
    await expect(page.getByTestId('billing-annual')).toHaveAttribute('aria-pressed', 'true');
    for (const plan of plans) {
      const expected = Math.round(monthly.get(plan)! * 0.8);
      await expect(page.getByTestId(`price-${plan}`)).toHaveAttribute('data-cents', String(expected));
      const dollars = (expected / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
      await expect(page.getByTestId(`price-${plan}`)).toHaveText(`$${dollars}`);
      const yearly = ((expected * 12) / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
      await expect(page.getByTestId(`billed-${plan}`)).toHaveText(`$${yearly} billed annually`);
    }
    await expect(page.getByTestId('price-basic')).toHaveText('$103.20');

    await page.getByTestId('billing-monthly').click();
    await expect(page.getByTestId('price-standard')).toHaveText('$399');
    await expect(page.getByTestId('plan-enterprise')).toContainText('1,000 users, fair use up to 5,000');
    await expect(page.getByTestId('plan-enterprise')).toContainText('2 TB of storage, fair use up to 10 TB');
    await expect(page.getByTestId('plan-basic')).toContainText('$50 per block of 25 extra drill runs');
    await expect(page.getByTestId('plan-basic')).toContainText('$10 per extra GB (whole GB)');
  });

  test('the FAQ has 23 questions in an accordion that opens with the keyboard', async ({ page }) => {
    await page.goto('/faq?lng=en');
    const items = page.getByTestId('faq-item');
    await expect(items).toHaveCount(23);
    const trigger = items.first().getByRole('button');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(items.first().getByRole('region')).toContainText('web application for planning emergency drills');
    await expectNoSeriousAxeViolations(page, 'FAQ with an answer open');
  });

  test('the contact form validates, sends, thanks the visitor, and the message reaches support operators', async ({ page, browser }) => {
    await page.goto('/contact?lng=en');
    await page.getByTestId('contact-submit').click();
    const form = page.getByTestId('contact-form');
    await expect(form).toContainText('Required');
    await expect(form).toContainText('Choose a subject');
    await page.getByTestId('contact-email').fill('not-an-email');
    await expect(form).toContainText('Enter a valid email address');

    const email = uniqueEmail('contact');
    await page.getByTestId('contact-name').fill('Tomás Ferreira');
    await page.getByTestId('contact-email').fill(email);
    await page.getByTestId('contact-company').fill('Porto Seguro Terminal');
    await page.getByTestId('contact-subject').selectOption('enterprise_inquiry');
    await page.getByTestId('contact-message').fill('Short');
    await expect(form).toContainText('Must be at least 10 characters');
    await page.getByTestId('contact-message').fill('We need SSO and SCIM for five terminals. Can we talk next week?');
    await page.getByTestId('contact-submit').click();

    const toast = page.locator('[data-scope="toast"][data-part="root"]');
    await expect(toast).toContainText('Message Sent!');
    await expect(toast).toContainText("Thank you for contacting us. We'll get back to you within 24 hours.");
    // The confirmation also stays on the page, in a status region.
    await expect(page.getByRole('status').getByTestId('contact-sent')).toContainText(
      "Message Sent!Thank you for contacting us. We'll get back to you within 24 hours.",
    );
    await expect(page.getByTestId('contact-name')).toHaveValue('');

    const staff = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const sysops = await staff.newPage();
    await signInAs(sysops, DEMO_USERS.SYSOPS);
    const res = await sysops.request.get('/api/contact/messages?limit=100');
    expect(res.status()).toBe(200);
    const { items } = (await res.json()) as { items: { email: string; subject: string; company: string; language: string }[] };
    expect(items.find((m) => m.email === email)).toMatchObject({
      subject: 'enterprise_inquiry',
      company: 'Porto Seguro Terminal',
      language: 'en',
    });
    await staff.close();
  });

  test('the contact form shows the failure message when sending fails', async ({ page }) => {
    await page.goto('/contact?lng=en');
    await page.route('**/api/contact', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    await page.getByTestId('contact-name').fill('Lena Brandt');
    await page.getByTestId('contact-email').fill(uniqueEmail('contact-fail'));
    await page.getByTestId('contact-subject').selectOption('pricing');
    await page.getByTestId('contact-message').fill('What does the Standard plan cost for two sites?');
    await page.getByTestId('contact-submit').click();
    await expect(page.locator('[data-scope="toast"][data-part="root"]')).toContainText(
      'There was an error sending your message. Please try again or email us directly.',
    );
    await expect(page.getByTestId('contact-sent')).toHaveCount(0);
    await expect(page.getByTestId('contact-name')).toHaveValue('Lena Brandt');
  });

  test('a contact link from the Enterprise plan preselects the subject', async ({ page }) => {
    await page.goto('/pricing?lng=en');
    await page.getByTestId('plan-enterprise').getByRole('link').click();
    await expect(page).toHaveURL(/\/contact\?subject=enterprise_inquiry/);
    await expect(page.getByTestId('contact-subject')).toHaveValue('enterprise_inquiry');
  });

  test('the user guide has its sections and its contents link to them', async ({ page }) => {
    await page.goto('/docs?lng=en');
    await expect(page.getByTestId('docs-section')).toHaveCount(8);
    const contents = page.getByRole('navigation', { name: 'Contents' });
    await contents.getByRole('link', { name: 'Enterprise identity: SSO, SCIM and SIEM' }).click();
    await expect(page).toHaveURL(/#enterprise$/);
    await expect(page.locator('#enterprise')).toBeInViewport();
    await page.goto('/docs?lng=en#drills-console');
    await expect(page.locator('#drills-console')).toBeInViewport();
    await page.goto('/legal/privacy?lng=en#retention');
    await expect(page.locator('#retention')).toBeInViewport();
  });

  test('the server sends each public page with its title, description, Open Graph tags and language', async ({ request }) => {
    const html = await (await request.get('/pricing?lng=es')).text();
    const title = meta('es', 'meta.pricing.title');
    expect(title).toContain('129');
    expect(html).toContain('<html lang="es" dir="ltr">');
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain('<meta property="og:locale" content="es_ES" />');
    expect(html).toMatch(/<link rel="alternate" hreflang="en" href="http:\/\/[^"]+\/pricing" \/>/);
    expect(html).toMatch(/<link rel="alternate" hreflang="ar" href="http:\/\/[^"]+\/pricing\?lng=ar" \/>/);
    // The visitor's choice is kept in the language cookie, which the server reads.
    const chosen = await (await request.get('/faq', { headers: { cookie: 'muster.lng=zh' } })).text();
    expect(chosen).toContain('<html lang="zh" dir="ltr">');
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/PricingPage-[^"]+\.js" \/>/);
    expect(html).toContain('<link rel="preload" as="fetch" crossorigin="anonymous" href="/locales/es/pricing.json" />');

    const arabic = await (await request.get('/faq', { headers: { 'accept-language': 'fr;q=0.2,ar-SA,ar;q=0.9,en;q=0.5' } })).text();
    expect(arabic).toContain('<html lang="ar" dir="rtl">');

    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap.match(/<loc>/g)).toHaveLength(9);
    expect(sitemap).toContain('/legal/terms</loc>');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /app/');
    expect(robots).toMatch(/Sitemap: http:\/\/[^/]+\/sitemap\.xml/);
  });

  test('on a phone the menu opens, navigates and closes, and no page is wider than the screen', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto('/?lng=ar');
    await page.getByTestId('public-menu-trigger').click();
    const menu = page.getByTestId('public-mobile-menu');
    await expect(menu).toBeVisible();
    await expectNoSeriousAxeViolations(page, 'public mobile menu (ar)');
    await menu.getByRole('button', { name: at(read('ar', 'shell'), 'public.nav.pricing') }).click();
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(/\/pricing/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(at(read('ar', 'pricing'), 'title'));
    // Nothing may stick out sideways on a narrow screen, in either direction.
    for (const { path, ns, h1 } of PAGES) {
      for (const code of ['ar', 'en']) {
        await page.goto(`${path}?lng=${code}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(product(at(read(code, ns), h1)));
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        expect(overflow, `${path} (${code}) at 375 px`).toBeLessThanOrEqual(0);
      }
    }
  });
});
