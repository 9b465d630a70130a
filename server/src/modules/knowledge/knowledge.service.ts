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
} from '@muster/contracts';
import type { EntityManager, Repository } from 'typeorm';
import type { z } from 'zod';
import type { AuthContext } from '../../platform/auth/auth.decorators.js';
import { DomainError, NotFoundError } from '../../platform/errors/domain-error.js';
import { isUuid } from '../../platform/tenancy/tenant-scope.js';
import { displayName } from '../identity/accounts.js';
import { AuthService } from '../identity/auth.service.js';
import { KnowledgeArticle } from './entities/article.entity.js';

type CreateInput = z.output<typeof createArticleSchema>;
type UpdateInput = z.output<typeof updateArticleSchema>;
type ReviewInput = z.output<typeof reviewArticleSchema>;
type ListQuery = z.output<typeof articleListQuerySchema>;
type SearchQuery = z.output<typeof helpSearchQuerySchema>;

/** PostgreSQL text-search configuration of each language (Chinese has no stemmer: words as written). */
export const SEARCH_CONFIGS: Readonly<Record<LanguageCode, string>> = { en: 'english', es: 'spanish', ar: 'arabic', zh: 'simple' };

export const KNOWLEDGE_MESSAGES = {
  onlyDrafts: 'Only a draft can be changed: withdraw it to draft first',
  authorOnly: 'Only its author can change or submit this draft',
  alreadyDraft: 'This article is already a draft',
  notDraft: 'Only a draft can be sent for review',
  notInReview: 'This article is not waiting for review',
  ownArticle: 'Another support operator must review your article',
} as const;

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
  constructor(
    @InjectRepository(KnowledgeArticle) private readonly articles: Repository<KnowledgeArticle>,
    private readonly accounts: AuthService,
  ) {}

  private async author(auth: AuthContext): Promise<{ id: string; name: string }> {
    const account = await this.accounts.requireAccount(auth);
    return { id: account.user.id, name: displayName(account) };
  }

  private async find(id: string, manager?: EntityManager): Promise<KnowledgeArticle> {
    const repo = manager?.getRepository(KnowledgeArticle) ?? this.articles;
    const article = isUuid(id)
      ? await repo.findOne({ where: { id }, ...(manager ? { lock: { mode: 'pessimistic_write' as const } } : {}) })
      : null;
    if (!article) throw new NotFoundError('Article');
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

  async list(query: ListQuery): Promise<ArticleList> {
    const [rows, total] = await this.articles.findAndCount({
      where: { ...(query.status ? { status: query.status } : {}), ...(query.language ? { language: query.language } : {}) },
      order: { updatedAt: 'DESC', id: 'DESC' },
      take: query.limit,
      skip: query.offset,
    });
    return { items: rows.map(toArticle), total };
  }

  async get(id: string): Promise<Article> {
    return toArticle(await this.find(id));
  }

  async create(auth: AuthContext, input: CreateInput): Promise<Article> {
    const author = await this.author(auth);
    const saved = await this.articles.save(
      this.articles.create({ ...input, tags: unique(input.tags), status: 'draft', authorUserId: author.id, authorName: author.name }),
    );
    return toArticle(saved);
  }

  async update(auth: AuthContext, id: string, input: UpdateInput): Promise<Article> {
    const editor = await this.author(auth);
    return this.change(id, (article) => {
      if (article.authorUserId !== editor.id) throw new DomainError('FORBIDDEN', KNOWLEDGE_MESSAGES.authorOnly);
      if (article.status !== 'draft') throw new DomainError('CONFLICT', KNOWLEDGE_MESSAGES.onlyDrafts);
      Object.assign(article, { ...input, ...(input.tags ? { tags: unique(input.tags) } : {}) });
    });
  }

  async submit(auth: AuthContext, id: string): Promise<Article> {
    const editor = await this.author(auth);
    return this.change(id, (article) => {
      if (article.authorUserId !== editor.id) throw new DomainError('FORBIDDEN', KNOWLEDGE_MESSAGES.authorOnly);
      if (article.status !== 'draft') throw new DomainError('CONFLICT', KNOWLEDGE_MESSAGES.notDraft);
      article.status = 'in_review';
    });
  }

  /** Back to draft (unpublished), so its author can change it; it is reviewed again afterwards. */
  withdraw(id: string): Promise<Article> {
    return this.change(id, (article) => {
      if (article.status === 'draft') throw new DomainError('CONFLICT', KNOWLEDGE_MESSAGES.alreadyDraft);
      article.status = 'draft';
      article.publishedAt = null;
    });
  }

  /** Only the author edits and submits, and only another operator reviews: no one publishes their own words alone. */
  async review(auth: AuthContext, id: string, input: ReviewInput): Promise<Article> {
    const reviewer = await this.author(auth);
    return this.change(id, (article) => {
      if (article.status !== 'in_review') throw new DomainError('CONFLICT', KNOWLEDGE_MESSAGES.notInReview);
      if (article.authorUserId === reviewer.id) throw new DomainError('FORBIDDEN', KNOWLEDGE_MESSAGES.ownArticle);
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
        where: { status: 'published', language: query.language },
        order: { publishedAt: 'DESC' },
        take: query.limit,
      });
      return {
        items: rows.map((a) => ({ id: a.id, title: a.title, tags: a.tags, snippet: [{ text: excerpt(a.body), match: false }], rank: 0 })),
      };
    }
    const like = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const rows: { id: string; title: string; tags: string[]; rank: number | string; snippet: string }[] = await this.articles.query(
      `SELECT a.id, a.title, a.tags,
              ts_rank(setweight(to_tsvector($1::regconfig, a.title), 'A') || to_tsvector($1::regconfig, a.body), q) AS rank,
              ts_headline($1::regconfig, a.body, q, $4) AS snippet
         FROM knowledge_articles a, websearch_to_tsquery($1::regconfig, $2) q
        WHERE a.status = 'published' AND a.language = $3
          AND (to_tsvector($1::regconfig, a.title || ' ' || a.body) @@ q OR ($7 AND (a.title ILIKE $5 OR a.body ILIKE $5)))
        ORDER BY rank DESC, a.published_at DESC
        LIMIT $6`,
      [
        config,
        query.q,
        query.language,
        `StartSel=${START}, StopSel=${STOP}, MaxWords=35, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`,
        like,
        query.limit,
        // Chinese has no stemmer: a plain substring match finds words inside longer runs of characters.
        query.language === 'zh',
      ],
    );
    return { items: rows.map((r) => ({ id: r.id, title: r.title, tags: r.tags, rank: Number(r.rank), snippet: snippetParts(r.snippet) })) };
  }

  async published(id: string): Promise<PublishedArticle> {
    const article = await this.find(id);
    if (article.status !== 'published') throw new NotFoundError('Article');
    const { title, body, tags, language, publishedAt, updatedAt } = toArticle(article);
    return { id: article.id, title, body, tags, language, publishedAt, updatedAt };
  }
}

const unique = (tags: string[]) => [...new Set(tags)];

/** The start of a Markdown body as plain text. */
function excerpt(body: string): string {
  const plain = body
    .replace(/[#*_`>[\]()!-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
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
