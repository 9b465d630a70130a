import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_LANGUAGE,
  languageOf,
  LANGUAGE_CODES,
  languageDirection,
  OG_LOCALES,
  PRODUCT_NAME,
  PUBLIC_PAGE_NAMESPACES,
  PUBLIC_PAGES,
  siteMetaValues,
  type LanguageCode,
  type PublicPage,
} from '@muster/contracts';

/** A file read once and again only when it changes on disk (the web app can be rebuilt under a running server). */
class FileCache<T> {
  private entries = new Map<string, { mtimeMs: number; value: T }>();

  constructor(private readonly parse: (text: string) => T) {}

  read(path: string): T | null {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(path).mtimeMs;
    } catch {
      return null;
    }
    const hit = this.entries.get(path);
    if (hit?.mtimeMs === mtimeMs) return hit.value;
    try {
      const value = this.parse(readFileSync(path, 'utf8'));
      this.entries.set(path, { mtimeMs, value });
      return value;
    } catch {
      // A file being rewritten by a build in progress: do without it this time.
      return null;
    }
  }
}

type SiteTexts = { meta?: Record<string, { title?: string; description?: string }> };
export type ViteManifest = Record<string, { file: string; name?: string; imports?: string[]; isEntry?: boolean; isDynamicEntry?: boolean }>;

const html = new FileCache((text) => text);
const siteTexts = new FileCache((text) => JSON.parse(text) as SiteTexts);
const manifests = new FileCache((text) => JSON.parse(text) as ViteManifest);

export function publicPageOf(path: string): PublicPage | undefined {
  const normalised = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return PUBLIC_PAGES.find((page) => page.path === normalised);
}

export interface LanguageHints {
  query?: string | undefined;
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
}

/** The browser's preferred language: the first of Accept-Language by weight (q=0 means "not this one"). */
function preferredLanguage(header: string | undefined): string | undefined {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = Number(
        params
          .find((p) => p.trim().startsWith('q='))
          ?.trim()
          .slice(2) ?? '1',
      );
      return { tag: tag?.trim() ?? '', q: Number.isFinite(q) ? q : 0, index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.tag;
}

/**
 * The language of a request, in the web app's order where the server can see it: ?lng, the
 * language cookie (the web app keeps the visitor's choice there too), then the browser's
 * preferred language. As in the web app, a preferred language we do not offer means English.
 */
export function requestLanguage(hints: LanguageHints): LanguageCode {
  for (const value of [hints.query, hints.cookie]) {
    const code = languageOf(value?.trim());
    if (code) return code;
  }
  return languageOf(preferredLanguage(hints.acceptLanguage)) ?? DEFAULT_LANGUAGE;
}

/** The address of a page in a language: the bare URL for English, `?lng=xx` for the others. */
const languageUrl = (url: string, code: LanguageCode) => (code === DEFAULT_LANGUAGE ? url : `${url}?lng=${code}`);

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Fills the `{{name}}` placeholders of a text (i18next's syntax) from `values`. */
const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** Chunk files reachable through static imports from a manifest entry (itself included). */
function reachable(manifest: ViteManifest, key: string | undefined, files = new Set<string>()): Set<string> {
  const entry = key ? manifest[key] : undefined;
  if (!entry || files.has(entry.file)) return files;
  files.add(entry.file);
  for (const child of entry.imports ?? []) reachable(manifest, child, files);
  return files;
}

/** The chunks a page module needs beyond those index.html already loads, from Vite's manifest. */
export function pageChunks(manifest: ViteManifest, module: string): string[] {
  const entries = Object.entries(manifest);
  const entryKey = entries.find(([, chunk]) => chunk.isEntry)?.[0];
  const pageKey = entries.find(([, chunk]) => chunk.isDynamicEntry && chunk.name === module)?.[0];
  if (!pageKey) return [];
  const loaded = reachable(manifest, entryKey);
  return [...reachable(manifest, pageKey)].filter((file) => !loaded.has(file));
}

/**
 * index.html for a path. For a page of the public site it carries, in the visitor's language,
 * the page's title, description, Open Graph tags, canonical and alternate-language links, and
 * preloads of the page's code and translations, so crawlers and link previews see the real page
 * and browsers fetch what the first paint needs in parallel. Other paths get index.html as built.
 */
export function renderIndexHtml(dist: string, path: string, origin: string, hints: LanguageHints): string | null {
  const template = html.read(join(dist, 'index.html'));
  if (template === null) return null;
  const page = publicPageOf(path);
  if (!page) return template;

  const lng = requestLanguage(hints);
  const meta = siteTexts.read(join(dist, 'locales', lng, 'site.json'))?.meta?.[page.id] ?? {};
  const values = siteMetaValues(lng);
  const title = fill(meta.title ?? PRODUCT_NAME, values);
  const description = fill(meta.description ?? '', values);
  const url = `${origin}${page.path}`;
  const manifest = manifests.read(join(dist, '.vite', 'manifest.json'));
  const head = [
    `<meta name="description" content="${escape(description)}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:site_name" content="${PRODUCT_NAME}" />`,
    `<meta property="og:title" content="${escape(title)}" />`,
    `<meta property="og:description" content="${escape(description)}" />`,
    `<meta property="og:url" content="${escape(url)}" />`,
    `<meta property="og:locale" content="${OG_LOCALES[lng]}" />`,
    ...LANGUAGE_CODES.filter((code) => code !== lng).map((code) => `<meta property="og:locale:alternate" content="${OG_LOCALES[code]}" />`),
    `<meta name="twitter:card" content="summary" />`,
    `<link rel="canonical" href="${escape(languageUrl(url, lng))}" />`,
    ...LANGUAGE_CODES.map((code) => `<link rel="alternate" hreflang="${code}" href="${escape(languageUrl(url, code))}" />`),
    `<link rel="alternate" hreflang="x-default" href="${escape(url)}" />`,
    ...[...PUBLIC_PAGE_NAMESPACES, page.namespace].map(
      (ns) => `<link rel="preload" as="fetch" crossorigin="anonymous" href="/locales/${lng}/${ns}.json" />`,
    ),
    ...(manifest ? pageChunks(manifest, page.module).map((file) => `<link rel="modulepreload" href="/${file}" />`) : []),
  ].join('\n    ');

  // Replacement functions, not strings: a text with "$&" or "$'" must stay as it is.
  return template
    .replace(/<html[^>]*>/, () => `<html lang="${lng}" dir="${languageDirection(lng)}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escape(title)}</title>`)
    .replace(/\s*<meta\s+name="description"[^>]*\/?>/, '')
    .replace('</head>', () => `    ${head}\n  </head>`);
}

/** robots.txt: the public site may be crawled, the app, the API and the auditor portal not. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /app/',
    'Disallow: /api/',
    'Disallow: /auditor/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** sitemap.xml of the public pages, each with its language versions. */
export function sitemapXml(origin: string, lastModified: string): string {
  const urls = PUBLIC_PAGES.map((page) => {
    const loc = `${origin}${page.path}`;
    const alternates = LANGUAGE_CODES.map(
      (code) => `    <xhtml:link rel="alternate" hreflang="${code}" href="${escape(languageUrl(loc, code))}"/>`,
    ).join('\n');
    return `  <url>\n    <loc>${escape(loc)}</loc>\n    <lastmod>${lastModified}</lastmod>\n${alternates}\n  </url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}
