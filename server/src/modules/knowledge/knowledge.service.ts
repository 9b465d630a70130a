import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type Article,
  type ArticleList,
  type HelpSearchResult,
  type LanguageCode,
  type PublishedArticle,
  type articleListQuerySchema,
  type createArticleSchema,
  type helpSearchQuerySchema,
  type reviewArticleSchema,
  type updateArticleSchema,
  stripMarkdown,
  type Principal,
} from '@muster/contracts';
import { ArrayContains, ILike, type EntityManager, type FindOptionsWhere, type Repository } from 'typeorm';
import type { z } from 'zod';
import { DomainError, NotFoundError } from '../../platform/errors/domain-error.js';
import { asUser } from '../../platform/auth/principal.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { KnowledgeArticle } from './entities/article.entity.js';

type CreateInput = z.output<typeof createArticleSchema>;
type UpdateInput = z.output<typeof updateArticleSchema>;
type ReviewInput = z.output<typeof reviewArticleSchema>;
type ListQuery = z.output<typeof articleListQuerySchema>;
type SearchQuery = z.output<typeof helpSearchQuerySchema>;

/** PostgreSQL text-search configuration of each language (Chinese has no stemmer: words as written). */
export const SEARCH_CONFIGS: Readonly<Record<LanguageCode, string>> = { en: 'english', es: 'spanish', ar: 'arabic', zh: 'simple' };

/** A published article the assistant can answer from: its most relevant passages first. */
export interface RetrievedArticle {
  id: string;
  title: string;
  body: string;
  language: LanguageCode;
  /** Paragraphs of the body holding the most of the question's words, in the article's order. */
  passages: string[];
  snippet: SnippetPart[];
  /** Share of the question's words (stems) the article contains, 0–1. */
  coverage: number;
}
type SnippetPart = { text: string; match: boolean };

/** Share of a question's words an article must contain to count as an answer. */
export const RELEVANCE_THRESHOLD = 0.5;

/** Question words for Chinese, which the database cannot split: character pairs, and Latin words. */
export function chineseTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const run of text.toLowerCase().match(/[\p{Script=Han}]+|[\p{L}\p{N}]{2,}/gu) ?? []) {
    if (!/\p{Script=Han}/u.test(run)) terms.add(run);
    else if (run.length === 1) continue;
    else for (let i = 0; i + 1 < run.length; i++) terms.add(run.slice(i, i + 2));
  }
  return [...terms];
}

/** Snippet delimiters for ts_headline: control characters no article contains. */
const START = '\u0002';
const STOP = '\u0003';

/** "a\u0002b\u0003c" → parts, the marked ones as matches. */
export function snippetParts(snippet: string): { text: string; match: boolean }[] {
  const parts: { text: string; match: boolean }[] = [];
  for (const [i, piece] of snippet.split(new RegExp(`[${START}${STOP}]`)).entries()) {
    if (piece) parts.push({ text: piece, match: i % 2 === 1 });
  }
  return parts;
}

/**
 * The knowledge base: support operators write drafts, another operator approves them (or
 * sends them back with a comment), and published articles are searched by everyone — ranked
 * PostgreSQL full-text search in the article's language, with highlighted snippets.
 */
@Injectable()
export class KnowledgeService {
  constructor(@InjectRepository(KnowledgeArticle) private readonly articles: Repository<KnowledgeArticle>) {}

  private author(auth: Principal): { id: string; name: string } {
    const author = asUser(auth);
    return { id: author.userId, name: author.name };
  }

  private async find(id: string, manager?: EntityManager): Promise<KnowledgeArticle> {
    const repo = manager?.getRepository(KnowledgeArticle) ?? this.articles;
    const article = isUuid(id)
      ? await repo.findOne({ where: { id }, ...(manager ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
      : null;
    if (!article) throw new NotFoundError('article');
    return article;
  }

  /** Changes one article under a row lock, so concurrent changes apply one after the other. */
  private change(id: string, apply: (article: KnowledgeArticle) => void): Promise<Article> {
    return this.articles.manager.transaction(async (manager) => {
      const article = await this.find(id, manager);
      apply(article);
      return toArticle(await manager.getRepository(KnowledgeArticle).save(article));
    });
  }

  async list(auth: Principal, query: ListQuery): Promise<ArticleList> {
    const where: FindOptionsWhere<KnowledgeArticle> = {
      ...(query.status ? { status: query.status } : {}),
      ...(query.language ? { language: query.language } : {}),
      ...(query.author === 'me' ? { authorUserId: this.author(auth).id } : {}),
      ...(query.q ? { title: ILike(`%${escapeLike(query.q)}%`) } : {}),
    };
    const [rows, total] = await this.articles.findAndCount({
      where,
      order: { updatedAt: 'DESC', id: 'DESC' },
      take: query.limit,
      skip: query.offset,
    });
    return { items: rows.map(toArticle), total };
  }

  async get(id: string): Promise<Article> {
    return toArticle(await this.find(id));
  }

  async create(auth: Principal, input: CreateInput): Promise<Article> {
    const author = this.author(auth);
    const saved = await this.articles.save(
      this.articles.create({ ...input, tags: unique(input.tags), status: 'draft', authorUserId: author.id, authorName: author.name }),
    );
    return toArticle(saved);
  }

  async update(auth: Principal, id: string, input: UpdateInput): Promise<Article> {
    const editor = this.author(auth);
    return this.change(id, (article) => {
      if (article.authorUserId !== editor.id) throw new DomainError('FORBIDDEN', 'knowledge.authorOnly');
      if (article.status !== 'draft') throw new DomainError('CONFLICT', 'knowledge.onlyDrafts');
      Object.assign(article, { ...input, ...(input.tags ? { tags: unique(input.tags) } : {}) });
    });
  }

  async submit(auth: Principal, id: string): Promise<Article> {
    const editor = this.author(auth);
    return this.change(id, (article) => {
      if (article.authorUserId !== editor.id) throw new DomainError('FORBIDDEN', 'knowledge.authorOnly');
      if (article.status !== 'draft') throw new DomainError('CONFLICT', 'knowledge.notDraft');
      article.status = 'in_review';
    });
  }

  /** Back to draft (unpublished), so its author can change it; it is reviewed again afterwards. */
  withdraw(id: string): Promise<Article> {
    return this.change(id, (article) => {
      if (article.status === 'draft') throw new DomainError('CONFLICT', 'knowledge.alreadyDraft');
      article.status = 'draft';
      article.publishedAt = null;
    });
  }

  /** Only the author edits and submits, and only another operator reviews: no one publishes their own words alone. */
  async review(auth: Principal, id: string, input: ReviewInput): Promise<Article> {
    const reviewer = this.author(auth);
    return this.change(id, (article) => {
      if (article.status !== 'in_review') throw new DomainError('CONFLICT', 'knowledge.notInReview');
      if (article.authorUserId === reviewer.id) throw new DomainError('FORBIDDEN', 'knowledge.ownArticle');
      article.reviewerUserId = reviewer.id;
      article.reviewerName = reviewer.name;
      article.reviewComment = input.comment ?? null;
      if (input.decision === 'approve') {
        article.status = 'published';
        article.publishedAt = new Date();
      } else {
        article.status = 'draft';
      }
    });
  }

  /** Published articles of a language matching the words, best first, each with a highlighted snippet. */
  async search(query: SearchQuery): Promise<HelpSearchResult> {
    const config = SEARCH_CONFIGS[query.language];
    if (!query.q) {
      const rows = await this.articles.find({
        where: { status: 'published', language: query.language, ...(query.tag ? { tags: ArrayContains([query.tag]) } : {}) },
        order: { publishedAt: 'DESC' },
        take: query.limit,
      });
      return {
        items: rows.map((a) => ({ id: a.id, title: a.title, tags: a.tags, snippet: [{ text: excerpt(a.body), match: false }], rank: 0 })),
      };
    }
    const like = `%${escapeLike(query.q)}%`;
    const rows: { id: string; title: string; tags: string[]; rank: number | string; body: string }[] = await this.articles.query(
      `SELECT a.id, a.title, a.tags, a.body,
              ts_rank(setweight(to_tsvector($1::regconfig, a.title), 'A') || to_tsvector($1::regconfig, a.body), q) AS rank
         FROM knowledge_articles a, websearch_to_tsquery($1::regconfig, $2) q
        WHERE a.status = 'published' AND a.language = $3
          AND (to_tsvector($1::regconfig, a.title || ' ' || a.body) @@ q OR ($6 AND (a.title ILIKE $4 OR a.body ILIKE $4)))
          AND ($7::text IS NULL OR $7 = ANY(a.tags))
        ORDER BY rank DESC, a.published_at DESC
        LIMIT $5`,
      [
        config,
        query.q,
        query.language,
        like,
        query.limit,
        // Chinese has no stemmer: a plain substring match finds words inside longer runs of characters.
        query.language === 'zh',
        query.tag || null,
      ],
    );
    const snippets = await this.headlines(
      config,
      `websearch_to_tsquery($1::regconfig, $2)`,
      [query.q],
      rows.map((r) => r.body),
      `StartSel=${START}, StopSel=${STOP}, MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`,
    );
    return {
      items: rows.map((r, i) => ({ id: r.id, title: r.title, tags: r.tags, rank: Number(r.rank), snippet: snippetParts(snippets[i]!) })),
    };
  }

  /**
   * Highlighted snippets of Markdown bodies, cut from their plain text (so no snippet shows
   * markup): `tsquery` is an SQL expression over `$1` (the configuration) and `args` ($2…).
   */
  private async headlines(config: string, tsquery: string, args: unknown[], bodies: string[], options: string): Promise<string[]> {
    if (!bodies.length) return [];
    const n = args.length;
    const rows: { n: number; snippet: string }[] = await this.articles.query(
      `SELECT t.n::int AS n, ts_headline($1::regconfig, t.body, ${tsquery}, $${n + 3}) AS snippet
         FROM unnest($${n + 2}::text[]) WITH ORDINALITY AS t(body, n)`,
      [config, ...args, bodies.map(stripMarkdown), options],
    );
    const byIndex = new Map(rows.map((r) => [r.n, r.snippet]));
    return bodies.map((_, i) => byIndex.get(i + 1) ?? '');
  }

  /**
   * The published articles of a language that answer a question best, for the assistant: an
   * article counts when it contains at least half of the question's words (stems, or for
   * Chinese character pairs), ranked by that share and then by full-text rank. Each comes with
   * its most relevant paragraphs and a highlighted snippet.
   */
  async retrieve(question: string, language: LanguageCode, limit = 3): Promise<RetrievedArticle[]> {
    const zh = language === 'zh';
    const config = SEARCH_CONFIGS[language];
    const zhTerms = zh ? chineseTerms(question) : [];
    if (zh && zhTerms.length === 0) return [];
    // Terms: the question's lexemes (stemmed, stop words dropped), or Chinese character pairs.
    const terms = zh
      ? `SELECT DISTINCT t FROM unnest($1::text[]) AS t`
      : `SELECT DISTINCT lexeme AS t FROM unnest(to_tsvector($1::regconfig, $2))`;
    const has = (expr: string) =>
      zh ? `strpos(lower(${expr}), terms.t) > 0` : `terms.t = ANY(tsvector_to_array(to_tsvector($1::regconfig, ${expr})))`;
    const rows: { id: string; title: string; body: string; hits: number; total: number }[] = await this.articles.query(
      zh
        ? `WITH terms AS (${terms})
           SELECT a.id, a.title, a.body, (SELECT count(*) FROM terms WHERE ${has(`a.title || ' ' || a.body`)})::int AS hits,
                  (SELECT count(*) FROM terms)::int AS total
             FROM knowledge_articles a
            WHERE a.status = 'published' AND a.language = $2
            ORDER BY hits DESC, a.published_at DESC
            LIMIT $3`
        : `WITH terms AS (${terms}),
                q AS (SELECT string_agg(quote_literal(t), ' | ')::tsquery AS q, count(*)::int AS total FROM terms),
                docs AS (SELECT a.id, a.title, a.body, a.published_at,
                                setweight(to_tsvector($1::regconfig, a.title), 'A') || to_tsvector($1::regconfig, a.body) AS doc
                           FROM knowledge_articles a WHERE a.status = 'published' AND a.language = $3),
                ranked AS (SELECT d.*, (SELECT count(*) FROM terms WHERE terms.t = ANY(tsvector_to_array(d.doc)))::int AS hits,
                                  ts_rank(d.doc, q.q) AS rank, q.q, q.total
                             FROM docs d, q WHERE q.total > 0
                            ORDER BY hits DESC, rank DESC, d.published_at DESC
                            LIMIT $4)
           SELECT r.id, r.title, r.body, r.hits, r.total
             FROM ranked r ORDER BY r.hits DESC, r.rank DESC, r.published_at DESC`,
      zh ? [zhTerms, language, limit] : [config, question, language, limit],
    );
    const relevant = rows.filter((r) => r.total > 0 && r.hits > 0 && r.hits / r.total >= RELEVANCE_THRESHOLD);
    // Snippets from the plain text of the bodies, marking any of the question's words.
    const snippets = zh
      ? []
      : await this.headlines(
          config,
          `(SELECT string_agg(quote_literal(t), ' | ')::tsquery FROM (SELECT DISTINCT lexeme AS t FROM unnest(to_tsvector($1::regconfig, $2))) terms)`,
          [question],
          relevant.map((r) => r.body),
          `StartSel=${START}, StopSel=${STOP}, MaxWords=35, MinWords=12, MaxFragments=1`,
        );
    const out: RetrievedArticle[] = [];
    for (const [index, row] of relevant.entries()) {
      const paragraphs: { n: number; text: string; hits: number }[] = await this.articles.query(
        `WITH terms AS (${terms})
         SELECT p.n::int AS n, p.text, (SELECT count(*) FROM terms WHERE ${has('p.text')})::int AS hits
           FROM regexp_split_to_table(${zh ? '$2' : '$3'}, '\\n\\s*\\n') WITH ORDINALITY AS p(text, n)`,
        zh ? [zhTerms, row.body] : [config, question, row.body],
      );
      const best = Math.max(0, ...paragraphs.map((p) => p.hits));
      const passages = paragraphs
        .filter((p) => best > 0 && p.hits === best && p.text.trim())
        .slice(0, 2)
        .map((p) => p.text.trim());
      out.push({
        id: row.id,
        title: row.title,
        body: row.body,
        language,
        passages: passages.length ? passages : [row.body.split(/\n\s*\n/)[0]!.trim()],
        snippet: zh ? markTerms(excerpt(passages[0] ?? row.body), zhTerms) : snippetParts(snippets[index] ?? excerpt(row.body)),
        coverage: row.hits / row.total,
      });
    }
    return out;
  }

  async published(id: string): Promise<PublishedArticle> {
    const article = await this.find(id);
    if (article.status !== 'published') throw new NotFoundError('article');
    const { title, body, tags, language, publishedAt, updatedAt } = toArticle(article);
    return { id: article.id, title, body, tags, language, publishedAt, updatedAt };
  }
}

const unique = (tags: string[]) => [...new Set(tags)];

/** A LIKE pattern's wildcards taken literally. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Marks every occurrence of the terms in a text (for Chinese snippets, which ts_headline cannot mark). */
export function markTerms(text: string, terms: readonly string[]): SnippetPart[] {
  if (!terms.length) return [{ text, match: false }];
  const pattern = new RegExp(`(${terms.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'giu');
  return text
    .split(pattern)
    .filter(Boolean)
    .map((piece) => ({ text: piece, match: terms.includes(piece.toLowerCase()) }));
}

/** The start of a Markdown body as plain text. */
function excerpt(body: string): string {
  const plain = stripMarkdown(body).replace(/\s+/g, ' ').trim();
  return plain.length > 200 ? `${plain.slice(0, 200)}…` : plain;
}

function toArticle(a: KnowledgeArticle): Article {
  return {
    id: a.id,
    title: a.title,
    body: a.body,
    tags: a.tags,
    language: a.language as LanguageCode,
    status: a.status,
    author: { id: a.authorUserId, name: a.authorName },
    reviewer: a.reviewerName ? { id: a.reviewerUserId, name: a.reviewerName } : null,
    reviewComment: a.reviewComment,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
    publishedAt: a.publishedAt?.toISOString() ?? null,
  };
}
