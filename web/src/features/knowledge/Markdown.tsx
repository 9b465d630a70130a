import { Box, Link } from '@chakra-ui/react';
import type { ComponentProps } from 'react';
import ReactMarkdown, { type Components } from 'react-markdown';
import { Link as RouterLink } from 'react-router-dom';
import remarkGfm from 'remark-gfm';

const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

/**
 * A URL the rendered Markdown may use: http, https, mailto, or a relative one (path, query or
 * fragment). Anything else — `javascript:`, `data:`, `vbscript:`, protocol-relative `//host`,
 * schemes hidden behind control characters or entities — gives null, and the link is plain text.
 */
export function safeUrl(url: string): string | null {
  const trimmed = url.trim();
  if (!trimmed) return null;
  // Browsers drop ASCII control characters and whitespace inside a scheme ("java\tscript:").
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
  const compact = trimmed.replace(/[\u0000-\u0020\u007f]+/g, '');
  if (compact.startsWith('//') || compact.startsWith('\\')) return null;
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (!scheme) return /^[/?#.]|^[^:]*$/.test(compact) ? trimmed : null;
  return SAFE_SCHEMES.has(scheme[1]!.toLowerCase() + ':') ? trimmed : null;
}

const isInternal = (href: string) => href.startsWith('/') && !href.startsWith('//');

const components: Components = {
  a: ({ href, children }) => {
    if (!href) return <span>{children}</span>;
    if (isInternal(href))
      return (
        <Link asChild color="brand.fg">
          <RouterLink to={href}>{children}</RouterLink>
        </Link>
      );
    return (
      <Link href={href} color="brand.fg" target="_blank" rel="noopener noreferrer nofollow">
        {children}
      </Link>
    );
  },
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? <img src={src} alt={alt ?? ''} loading="lazy" referrerPolicy="no-referrer" /> : <span>{alt}</span>,
};

const prose: ComponentProps<typeof Box>['css'] = {
  lineHeight: '1.7',
  overflowWrap: 'anywhere',
  '& > * + *': { marginBlockStart: '3' },
  '& h1, & h2, & h3, & h4, & h5, & h6': { fontWeight: 'semibold', lineHeight: '1.3', marginBlockStart: '5' },
  '& h1': { fontSize: '2xl' },
  '& h2': { fontSize: 'xl' },
  '& h3': { fontSize: 'lg' },
  '& ul, & ol': { paddingInlineStart: '6' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li + li': { marginBlockStart: '1' },
  '& blockquote': { borderInlineStartWidth: '4px', borderColor: 'border.emphasized', paddingInlineStart: '4', color: 'fg.muted' },
  '& code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', paddingInline: '1', borderRadius: 'sm' },
  '& pre': { bg: 'bg.muted', padding: '3', borderRadius: 'md', overflowX: 'auto' },
  '& pre code': { bg: 'transparent', padding: '0' },
  '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto', maxWidth: '100%' },
  '& th, & td': { borderWidth: '1px', borderColor: 'border', paddingBlock: '1', paddingInline: '2', textAlign: 'start' },
  '& img': { maxWidth: '100%', height: 'auto' },
  '& hr': { borderColor: 'border' },
};

export interface MarkdownProps {
  /** Markdown source (GitHub flavoured). Raw HTML in it shows as text; it is never rendered. */
  children: string;
  /** Passed to the wrapper (e.g. data-testid). */
  'data-testid'?: string;
}

/**
 * Renders Markdown safely: react-markdown builds React elements (no innerHTML), raw HTML is not
 * interpreted (it shows as text), and every link and image URL goes through `safeUrl`.
 */
export function Markdown({ children, 'data-testid': testId }: MarkdownProps) {
  return (
    <Box css={prose} data-testid={testId}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} urlTransform={(url) => safeUrl(url)} components={components}>
        {children}
      </ReactMarkdown>
    </Box>
  );
}

export default Markdown;
