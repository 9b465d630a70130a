import { TextDecoder, TextEncoder } from 'node:util';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { system } from '../../components/ui/system';

// jsdom has no TextEncoder, which React Router needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });
let Markdown: typeof import('./Markdown').Markdown;
let safeUrl: typeof import('./Markdown').safeUrl;
let MemoryRouter: typeof import('react-router-dom').MemoryRouter;
beforeAll(async () => {
  ({ Markdown, safeUrl } = await import('./Markdown'));
  ({ MemoryRouter } = await import('react-router-dom'));
});

function renderMarkdown(source: string) {
  return render(
    <ChakraProvider value={system}>
      <MemoryRouter>
        <Markdown data-testid="md">{source}</Markdown>
      </MemoryRouter>
    </ChakraProvider>,
  ).getByTestId('md');
}

describe('Markdown', () => {
  it('renders Markdown and GitHub tables as elements', () => {
    const root = renderMarkdown('# Title\n\nSome **bold** text.\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two');
    expect(root.querySelector('h1')?.textContent).toBe('Title');
    expect(root.querySelector('strong')?.textContent).toBe('bold');
    expect(root.querySelectorAll('td')).toHaveLength(2);
    expect(root.querySelectorAll('li')).toHaveLength(2);
  });

  it('shows raw HTML as text: no <script>, no <img onerror>, no other element', () => {
    const root = renderMarkdown(
      'Before <script>window.hacked = true</script> after.\n\n<img src="x" onerror="window.hacked = true">\n\n<div onclick="x()">block</div>\n\n<iframe src="https://evil.example"></iframe>',
    );
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('iframe')).toBeNull();
    expect(root.querySelector('[onerror], [onclick]')).toBeNull();
    expect(root.textContent).toContain('<script>window.hacked = true</script>');
    expect(root.textContent).toContain('<img src="x" onerror="window.hacked = true">');
    expect((window as unknown as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('keeps http, https, mailto and relative links and drops javascript: and other schemes', () => {
    const root = renderMarkdown(
      [
        '[web](https://muster.example/docs)',
        '[mail](mailto:support@muster.example)',
        '[inside](/app/help?article=1)',
        '[js](javascript:alert(1))',
        '[mixed](JaVaScRiPt:alert(1))',
        '[tab](java\tscript:alert(1))',
        '[data](data:text/html;base64,PHNjcmlwdD4=)',
        '[vb](vbscript:msgbox(1))',
        '[proto](//evil.example/x)',
        '![pic](javascript:alert(1))',
      ].join(' '),
    );
    const hrefs = [...root.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['https://muster.example/docs', 'mailto:support@muster.example', '/app/help?article=1']);
    expect(root.querySelector('img')).toBeNull();
    expect(root.innerHTML).not.toMatch(/javascript:|data:|vbscript:|evil\.example/i);
    expect(root.textContent).toContain('js');
    const external = root.querySelector('a[href^="https:"]');
    expect(external?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('sanitises URLs', () => {
    expect(safeUrl('https://a.example')).toBe('https://a.example');
    expect(safeUrl('#part')).toBe('#part');
    expect(safeUrl('docs/page')).toBe('docs/page');
    expect(safeUrl(' javascript:alert(1)')).toBeNull();
    expect(safeUrl('\u0001javascript:alert(1)')).toBeNull();
    expect(safeUrl('file:///etc/passwd')).toBeNull();
    expect(safeUrl('//evil.example')).toBeNull();
  });
});
