import { HELP_TOPICS, isHelpTopic, stripMarkdown } from './knowledge.js';

describe('stripMarkdown', () => {
  it('keeps the words of a Markdown body and drops its markup', () => {
    const body = [
      '## Download the PDF',
      '',
      '1. Open **Drill runs** and choose `Summary`.',
      '2. Press _Download PDF_; see [the guide](/docs#drills) or ![a picture](/x.png).',
      '- > quoted *text*',
      '',
      '---',
      '| Plan | Runs |',
      '| --- | --- |',
      '| Basic | 10 |',
    ].join('\n');
    const plain = stripMarkdown(body);
    expect(plain).toBe(
      'Download the PDF Open Drill runs and choose Summary. Press Download PDF; see the guide or a picture. quoted text Plan Runs Basic 10 ',
    );
    expect(plain).not.toMatch(/[*`#>[\]|]|\]\(|__/);
  });

  it('keeps underscores and hyphens inside words, and works on fragments without trimming them', () => {
    expect(stripMarkdown('a snake_case name, one-time code')).toBe('a snake_case name, one-time code');
    expect(stripMarkdown('**Create your ')).toBe('Create your ');
    expect(stripMarkdown(' organisation** with')).toBe(' organisation with');
    expect(stripMarkdown('text](/app/help) and [')).toBe('text and ');
  });
});

describe('help topics', () => {
  it('are slugs the help centre knows', () => {
    expect(HELP_TOPICS).toContain('drills');
    expect(isHelpTopic('after-action')).toBe(true);
    expect(isHelpTopic('winches')).toBe(false);
    expect(new Set(HELP_TOPICS).size).toBe(HELP_TOPICS.length);
  });
});
