import { reason } from './reasons.js';
import { z } from 'zod';
import { defineEndpoint } from './http.js';
import { LANGUAGE_CODES, type LanguageCode } from './i18n.js';

/** Knowledge-base articles: written by support operators, reviewed by another, then published. */
export const ARTICLE_STATUSES = ['draft', 'in_review', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const ARTICLE_LIMITS = { titleMin: 3, titleMax: 200, bodyMax: 50_000, tagsMax: 10, tagMax: 40 } as const;

/**
 * The help centre's topics: language-neutral tags that the seeded articles carry in every
 * language and that the help centre shows under a translated label (`help:topics.<topic>`).
 * Other tags an operator writes stay on the article but are not offered as topics.
 */
export const HELP_TOPICS = [
  'getting-started',
  'drills',
  'console',
  'after-action',
  'reminders',
  'compliance',
  'support',
  'tickets',
  'live-chat',
  'assistant',
  'usage',
  'billing',
  'security',
  'audit',
  'siem',
  'account',
  'roles',
] as const;
export type HelpTopic = (typeof HELP_TOPICS)[number];
export const isHelpTopic = (tag: string): tag is HelpTopic => (HELP_TOPICS as readonly string[]).includes(tag);

/**
 * Markdown as plain text, for snippets and excerpts: links and images keep their text, and
 * emphasis, code marks, headings, quotes, list markers, rules and tables lose their markup.
 * Works on a whole body and on a fragment of one (a snippet part): it never trims.
 */
export function stripMarkdown(text: string): string {
  return (
    text
      // Fenced code: the fences go, the code stays.
      .replace(/^\s*(```|~~~)[^\n]*$/gm, '')
      // Images and links: their text.
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
      // Headings, quotes, list markers and rules at the start of a line.
      .replace(/^[ \t]*#{1,6}[ \t]+/gm, '')
      .replace(/^[ \t]*(?:(?:[-*+]|\d{1,3}[.)])[ \t]+|>[ \t]?)+/gm, '')
      .replace(/^[ \t]*(?:[-*_][ \t]*){3,}$/gm, '')
      // Table rules and pipes.
      .replace(/^[ \t]*\|?(?:[ \t]*:?-{3,}:?[ \t]*\|)+[ \t]*:?-*:?[ \t]*$/gm, '')
      .replace(/[ \t]*\|[ \t]*/g, ' ')
      // Emphasis and code marks (an underscore inside a word stays); a bracket left from a link cut in two.
      .replace(/\*+|`+|~~/g, '')
      .replace(/(?<![\p{L}\p{N}])_+|_+(?![\p{L}\p{N}])/gu, '')
      .replace(/\]\([^)\s]*\)?|[[\]]/g, '')
      // Lines become spaces.
      .replace(/[ \t]*\n[\s]*/g, ' ')
      .replace(/[ \t]{2,}/g, ' ')
  );
}

const required = reason('validation.required');
const languageSchema = z.enum(LANGUAGE_CODES as [LanguageCode, ...LanguageCode[]], { error: reason('validation.language') });

const articleFields = {
  title: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .min(ARTICLE_LIMITS.titleMin, reason('validation.minLength'))
    .max(ARTICLE_LIMITS.titleMax, reason('validation.maxLength')),
  /** Markdown. */
  body: z.string({ error: required }).trim().min(1, required).max(ARTICLE_LIMITS.bodyMax, reason('validation.maxLength')),
  tags: z
    .array(z.string().trim().toLowerCase().min(1, required).max(ARTICLE_LIMITS.tagMax, reason('validation.maxLength')))
    .max(ARTICLE_LIMITS.tagsMax, reason('validation.tagsMax')),
  language: languageSchema,
};

export const createArticleSchema = z.object({ ...articleFields, tags: articleFields.tags.default([]) });
export type CreateArticleRequest = z.input<typeof createArticleSchema>;
export const updateArticleSchema = z.object(articleFields).partial();
export type UpdateArticleRequest = z.input<typeof updateArticleSchema>;

export const reviewArticleSchema = z
  .object({
    decision: z.enum(['approve', 'send_back'], { error: reason('validation.chooseReviewDecision') }),
    comment: z.string().trim().max(2000, reason('validation.maxLength')).optional(),
  })
  .refine((v) => v.decision === 'approve' || Boolean(v.comment), { message: reason('validation.reviewComment'), path: ['comment'] });
export type ReviewArticleRequest = z.input<typeof reviewArticleSchema>;

const personSchema = z.object({ id: z.uuid().nullable(), name: z.string() });

export const articleSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  tags: z.array(z.string()),
  language: languageSchema,
  status: z.enum(ARTICLE_STATUSES),
  author: personSchema,
  reviewer: personSchema.nullable(),
  /** The reviewer's comment when the article was sent back. */
  reviewComment: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type Article = z.infer<typeof articleSchema>;

export const articleListQuerySchema = z.object({
  status: z.enum(ARTICLE_STATUSES).optional(),
  language: languageSchema.optional(),
  /** `me`: only the signed-in operator's own articles. */
  author: z.enum(['me']).optional(),
  /** Words of the title (case-insensitive). */
  q: z.string().trim().max(200, reason('validation.maxLength')).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});
export const articleListSchema = z.object({ items: z.array(articleSchema), total: z.number().int() });
export type ArticleList = z.infer<typeof articleListSchema>;

export const helpSearchQuerySchema = z.object({
  q: z.string().trim().max(200, reason('validation.maxLength')).default(''),
  language: languageSchema.default('en'),
  /** Only articles carrying this tag. */
  tag: z.string().trim().toLowerCase().max(ARTICLE_LIMITS.tagMax).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});

/** A part of a snippet; `match` parts are the words the search found (to highlight). */
export const snippetPartSchema = z.object({ text: z.string(), match: z.boolean() });

export const helpSearchHitSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  tags: z.array(z.string()),
  snippet: z.array(snippetPartSchema),
  rank: z.number(),
});
export const helpSearchResultSchema = z.object({ items: z.array(helpSearchHitSchema) });
export type HelpSearchResult = z.infer<typeof helpSearchResultSchema>;

export const publishedArticleSchema = articleSchema.pick({
  id: true,
  title: true,
  body: true,
  tags: true,
  language: true,
  publishedAt: true,
  updatedAt: true,
});
export type PublishedArticle = z.infer<typeof publishedArticleSchema>;

export const knowledgeEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/knowledge/articles',
    tag: 'knowledge',
    summary: 'Articles in every state, for support operators (SYSOPS and above)',
    query: articleListQuerySchema,
    response: articleListSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/api/knowledge/articles',
    tag: 'knowledge',
    status: 201,
    summary: 'Writes a draft article (support operators)',
    body: createArticleSchema,
    response: articleSchema,
  }),
  withdraw: defineEndpoint({
    method: 'POST',
    path: '/api/knowledge/articles/:id/withdraw',
    tag: 'knowledge',
    summary: 'Takes an article in review or published back to draft, to change it',
    response: articleSchema,
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/knowledge/articles/:id',
    tag: 'knowledge',
    summary: 'One article in any state (support operators)',
    response: articleSchema,
  }),
  update: defineEndpoint({
    method: 'PATCH',
    path: '/api/knowledge/articles/:id',
    tag: 'knowledge',
    summary: 'Edits a draft (support operators)',
    body: updateArticleSchema,
    response: articleSchema,
  }),
  submit: defineEndpoint({
    method: 'POST',
    path: '/api/knowledge/articles/:id/submit',
    tag: 'knowledge',
    summary: 'Sends a draft for review',
    response: articleSchema,
  }),
  review: defineEndpoint({
    method: 'POST',
    path: '/api/knowledge/articles/:id/review',
    tag: 'knowledge',
    summary: 'Publishes an article in review, or sends it back with a comment (another operator than its author)',
    body: reviewArticleSchema,
    response: articleSchema,
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api/help/search',
    tag: 'knowledge',
    summary: 'Searches published articles of a language, ranked, with highlighted snippets (public)',
    query: helpSearchQuerySchema,
    response: helpSearchResultSchema,
  }),
  article: defineEndpoint({
    method: 'GET',
    path: '/api/help/articles/:id',
    tag: 'knowledge',
    summary: 'One published article (public)',
    response: publishedArticleSchema,
  }),
};
