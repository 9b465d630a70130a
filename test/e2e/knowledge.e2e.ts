import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_USERS, failOnMissingRecipes, signedInPage } from './support';

failOnMissingRecipes();

/** A word no other article has (letters only, so the full-text search keeps it whole). */
function uniqueWord(): string {
  return `gangway${[...randomBytes(6)].map((b) => String.fromCharCode(97 + (b % 26))).join('')}`;
}

const toast = (page: Page, title: string) => page.locator('[data-scope="toast"][data-part="root"]').filter({ hasText: title });
const row = (page: Page, title: string) => page.getByTestId('article-row').filter({ hasText: title });

test.describe('Knowledge base', () => {
  // Three people, each in a browser of their own, take one article through its whole life.
  test.describe.configure({ timeout: 90_000 });

  test('an operator writes, another sends back and approves, and a user finds it in the help centre', async ({ browser }) => {
    const word = uniqueWord();
    const title = `Boarding by the ${word} at low tide`;
    const script = '<script>window.__pwned = true</script>';
    const author = await signedInPage(browser, DEMO_USERS.SYSOPS);
    const reviewer = await signedInPage(browser, DEMO_USERS.DEPUTY_ADMIN);
    const user = await signedInPage(browser, DEMO_USERS.USER);

    // A writes the article: the contracts' rules show under the fields, the preview follows the text.
    await author.goto('/app/sysops/knowledge?lng=en');
    await author.getByTestId('new-article').click();
    await author.getByTestId('submit-review').click();
    await expect(author.getByTestId('article-editor').getByText('Required').first()).toBeVisible();
    await author.getByTestId('article-title').fill(title);
    await author.getByTestId('article-tags').fill('Boarding, tides');
    await author
      .getByTestId('article-body')
      .fill(`## Before boarding\n\nCheck the **${word}** lashings before anyone crosses.\n\n${script}\n\n[Bad link](javascript:alert(1))`);
    const preview = author.getByTestId('article-preview');
    await expect(preview.locator('h2')).toHaveText('Before boarding');
    await expect(preview.locator('strong')).toHaveText(word);
    await expect(preview).toContainText(script);
    await expect(preview.locator('script')).toHaveCount(0);
    await expect(preview.getByText('Bad link')).toBeVisible();
    await expect(preview.locator('a')).toHaveCount(0);
    await author.getByTestId('submit-review').click();
    await expect(toast(author, 'Sent for review')).toBeVisible();
    await expect(row(author, title).getByTestId('article-status')).toHaveText('In review');

    // B sends it back: a comment is required.
    await reviewer.goto('/app/sysops/knowledge-review?lng=en');
    await row(reviewer, title).getByTestId('open-article').click();
    await expect(reviewer.getByTestId('review-preview').locator('strong')).toHaveText(word);
    await reviewer.getByTestId('send-back-article').click();
    await expect(reviewer.getByText('Say what to change')).toBeVisible();
    await reviewer.getByTestId('review-comment-input').fill('Add the step for checking the tide table first.');
    await reviewer.getByTestId('send-back-article').click();
    await expect(toast(reviewer, 'Article sent back to its author')).toBeVisible();
    await expect(row(reviewer, title)).toHaveCount(0);

    // A sees the comment on the draft, changes it and sends it again.
    await author.goto('/app/sysops/knowledge?lng=en');
    await author.getByTestId('filter-scope').selectOption('me');
    await expect(row(author, title)).toContainText('Add the step for checking the tide table first.');
    await row(author, title).getByTestId('open-article').click();
    await expect(author.getByTestId('review-comment')).toContainText('Add the step for checking the tide table first.');
    const body = author.getByTestId('article-body');
    await body.fill(`${await body.inputValue()}\n\n1. Check the tide table.\n2. Check the ${word} again.`);
    await expect(author.getByTestId('article-preview').locator('ol li')).toHaveCount(2);
    await author.getByTestId('submit-review').click();
    await expect(row(author, title).getByTestId('article-status')).toHaveText('In review');
    await expect(row(author, title)).not.toContainText('Sent back by');

    // B approves it.
    await reviewer.goto('/app/sysops/knowledge-review?lng=en');
    await row(reviewer, title).getByTestId('open-article').click();
    await expect(reviewer.getByTestId('review-preview').locator('ol li')).toHaveCount(2);
    await reviewer.getByTestId('approve-article').click();
    await expect(toast(reviewer, 'Article published')).toBeVisible();

    // A user searches the help centre, sees the word highlighted, and reads the article.
    await user.goto('/app/help?lng=en');
    await expect(user.getByTestId('help-center')).toBeVisible();
    await user.getByTestId('help-search').fill(word);
    const hit = user.getByTestId('help-hit').filter({ hasText: title });
    await expect(hit).toHaveCount(1);
    await expect(hit.getByTestId('help-snippet').locator('mark').first()).toHaveText(word);
    await hit.getByTestId('open-help-article').click();
    await expect(user).toHaveURL(/[?&]article=[0-9a-f-]{36}/);
    const article = user.getByTestId('help-article-body');
    await expect(article.locator('strong').first()).toHaveText(word);
    // The script is text on the page, never an element, and never ran.
    await expect(article).toContainText(script);
    await expect(article.locator('script')).toHaveCount(0);
    await expect(article.locator('a')).toHaveCount(0);
    expect(await user.evaluate(() => (window as unknown as { __pwned?: boolean }).__pwned)).toBeUndefined();

    // The deep link opens the article directly (the assistant's source links use it).
    await user.reload();
    await expect(user.getByRole('heading', { level: 1, name: title })).toBeVisible();
  });
});
