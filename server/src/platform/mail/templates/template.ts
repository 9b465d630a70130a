import { DEFAULT_TIME_ZONE, intlLocale, LANGUAGE_CODES, languageDirection, type LanguageCode } from '@muster/contracts';
import { formatMoment } from '../../time/zoned.js';

/**
 * Emails from templates, in the recipient's language. A template is one email kind: its texts, one
 * catalogue per language (`en`, `es`, `zh`, `ar`, each with the same keys and, key by key, the
 * same `{{placeholders}}` — templates.spec.ts fails otherwise), and `compose`, which is the same
 * for every language: it picks the texts the case needs (a member is greeted by name, a visitor
 * is not) and fills their placeholders with typed values. English texts are literal types, so a
 * placeholder `compose` does not fill, or fills under another name, does not compile.
 */

/** A moment, written in the recipient's language and the organisation's time zone. */
export interface MomentValue {
  moment: Date;
}
/** A length of time in the largest whole unit ("7 days", "1 hour", "45 minutes"; "يومان"). */
export interface DurationValue {
  minutes: number;
}
/**
 * What a placeholder shows. Strings are shown as they are; inside right-to-left text they are
 * isolated (U+2068 … U+2069), except addresses (a URL, an email), which mail clients make links of.
 */
export type MailValue = string | number | MomentValue | DurationValue;

/** The names of the `{{placeholders}}` of a text. */
export type Placeholders<S extends string> = S extends `${string}{{${infer Name}}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** Fills a text's placeholders; every placeholder needs a value. */
export type Fill = <S extends string>(text: S, values: { [K in Placeholders<S>]: MailValue }) => string;

/** The languages other than English, whose catalogues must have English's keys. */
type OtherLanguage = Exclude<LanguageCode, 'en'>;

export interface MailTemplate<P, E extends Record<string, string> = Record<string, string>> {
  /** One catalogue of texts per language. */
  readonly texts: { readonly en: E } & { readonly [L in OtherLanguage]: { readonly [K in keyof E]: string } };
  /** The subject and the lines of the body (an empty line between paragraphs), from the language's texts. */
  compose(t: E, fill: Fill, params: P): { subject: string; lines: string[] };
}

/** Declares an email kind with its parameters `P`: `defineMail<P>()({ texts, compose })`. */
export function defineMail<P>() {
  return <const E extends Record<string, string>>(template: MailTemplate<P, E>): MailTemplate<P, E> => template;
}

/** The parameters of a template. */
export type MailParams<T> = T extends MailTemplate<infer P, infer _E> ? P : never;

/** The language and the time zone an email is written for. */
export interface MailReader {
  language: LanguageCode;
  /** The organisation's zone; UTC for people of no organisation. */
  timeZone?: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  /** The same text as HTML, with `lang` and `dir` (right to left for Arabic). */
  html: string;
}

const FIRST_STRONG_ISOLATE = '\u2068';
const POP_DIRECTIONAL_ISOLATE = '\u2069';
const ADDRESS = /^(?:https?:\/\/\S+|[^\s@]+@[^\s@]+)$/;

function formatDuration(minutes: number, language: LanguageCode): string {
  const [value, unit] = minutes % 1440 === 0 ? [minutes / 1440, 'day'] : minutes % 60 === 0 ? [minutes / 60, 'hour'] : [minutes, 'minute'];
  return new Intl.NumberFormat(intlLocale(language), { style: 'unit', unit, unitDisplay: 'long', numberingSystem: 'latn' }).format(value);
}

function formatValue(value: MailValue, reader: Required<MailReader>): string {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    // In right-to-left text, what people typed (names, titles) keeps its own direction without
    // dragging the sentence's punctuation along, as in the PDFs. An address stays bare: an
    // invisible mark would end up inside the link a mail client makes of it.
    const isolate = languageDirection(reader.language) === 'rtl' && value !== '' && !ADDRESS.test(value);
    return isolate ? `${FIRST_STRONG_ISOLATE}${value}${POP_DIRECTIONAL_ISOLATE}` : value;
  }
  if ('moment' in value) return formatMoment(value.moment, reader.timeZone, reader.language);
  return formatDuration(value.minutes, reader.language);
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The placeholder names of a text, in order. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/**
 * What is wrong with a set of templates: a language without a catalogue, a key English has and a
 * language lacks (or the other way round), a text whose placeholders differ from English's. Empty
 * when all is well.
 */
export function catalogueProblems(templates: Record<string, { texts: Partial<Record<string, Record<string, string>>> }>): string[] {
  const problems: string[] = [];
  const sorted = (text: string) => [...new Set(placeholdersOf(text))].sort().join(', ');
  for (const [kind, template] of Object.entries(templates)) {
    const english = template.texts.en;
    if (!english) {
      problems.push(`${kind}: no English texts`);
      continue;
    }
    for (const language of LANGUAGE_CODES) {
      const texts = template.texts[language];
      if (!texts) {
        problems.push(`${kind}: no ${language} texts`);
        continue;
      }
      for (const key of Object.keys(english)) {
        if (typeof texts[key] !== 'string' || !texts[key].trim()) problems.push(`${kind}.${key}: no ${language} text`);
        else if (sorted(texts[key]) !== sorted(english[key]!)) {
          problems.push(`${kind}.${key}: ${language} has placeholders {${sorted(texts[key])}}, English {${sorted(english[key]!)}}`);
        }
      }
      for (const key of Object.keys(texts)) if (!(key in english)) problems.push(`${kind}.${key}: ${language} has a text English has not`);
    }
  }
  return problems;
}

const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The text as a small HTML document: one paragraph per block, line breaks kept, nothing interpreted. */
function htmlOf(subject: string, text: string, language: LanguageCode): string {
  const dir = languageDirection(language);
  const paragraphs = text
    .split(/\n{2,}/)
    .filter((block) => block.trim())
    .map((block) => `<p>${escapeHtml(block).replaceAll('\n', '<br>\n')}</p>`);
  return [
    '<!doctype html>',
    `<html lang="${language}" dir="${dir}">`,
    `<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>`,
    `<body dir="${dir}" style="font-family: system-ui, sans-serif; line-height: 1.5; text-align: start">`,
    ...paragraphs,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Writes an email of a kind for a reader: their language's texts, dates in their organisation's zone. */
export function renderMail<P, E extends Record<string, string>>(template: MailTemplate<P, E>, params: P, reader: MailReader): RenderedMail {
  const full: Required<MailReader> = { language: reader.language, timeZone: reader.timeZone ?? DEFAULT_TIME_ZONE };
  const texts = template.texts[full.language] as E;
  const fill: Fill = (text, values) =>
    text.replace(PLACEHOLDER, (_, name: string) => {
      const value = (values as Record<string, MailValue | undefined>)[name];
      if (value === undefined) throw new Error(`The mail text "${text}" needs a value for {{${name}}}`);
      return formatValue(value, full);
    });
  const { subject, lines } = template.compose(texts, fill, params);
  const text = lines.join('\n');
  return { subject, text, html: htmlOf(subject, text, full.language) };
}
