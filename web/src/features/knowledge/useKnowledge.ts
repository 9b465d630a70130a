import {
  api,
  isLanguageCode,
  type Article,
  type ArticleList,
  type ArticleStatus,
  type CreateArticleRequest,
  type HelpSearchResult,
  type LanguageCode,
  type PublishedArticle,
  type ReviewArticleRequest,
  type UpdateArticleRequest,
} from '@muster/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest, callEndpoint } from '../../lib/api';

const ARTICLES_KEY = ['knowledge', 'articles'] as const;

function withQuery(path: string, params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

export interface ArticleFilter {
  status?: ArticleStatus | undefined;
  author?: 'me' | undefined;
  q?: string | undefined;
}

/** Articles in every state (support operators), newest change first. */
export function useArticles(filter: ArticleFilter) {
  return useQuery({
    queryKey: [...ARTICLES_KEY, 'list', filter],
    queryFn: () => apiRequest<ArticleList>('GET', withQuery(api.knowledge.list.path, { ...filter, limit: 100 })),
    placeholderData: keepPreviousData,
  });
}

export function useArticle(id: string | null) {
  return useQuery({
    queryKey: [...ARTICLES_KEY, 'one', id],
    queryFn: () => callEndpoint(api.knowledge.get, { params: { id: id! } }),
    enabled: Boolean(id),
  });
}

/** Keeps every article list and the changed article up to date after a change. */
function useArticleChange<V>(change: (vars: V) => Promise<Article>, options: { silent?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    meta: options.silent ? { silent: true } : undefined,
    onSuccess: (article) => {
      queryClient.setQueryData([...ARTICLES_KEY, 'one', article.id], article);
      void queryClient.invalidateQueries({ queryKey: [...ARTICLES_KEY, 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['help'] });
    },
  });
}

export const useCreateArticle = () =>
  useArticleChange((body: CreateArticleRequest) => callEndpoint(api.knowledge.create, { body }), { silent: true });
export const useUpdateArticle = () =>
  useArticleChange(
    ({ id, body }: { id: string; body: UpdateArticleRequest }) => callEndpoint(api.knowledge.update, { params: { id }, body }),
    {
      silent: true,
    },
  );
export const useSubmitArticle = () => useArticleChange((id: string) => callEndpoint(api.knowledge.submit, { params: { id } }));
export const useWithdrawArticle = () => useArticleChange((id: string) => callEndpoint(api.knowledge.withdraw, { params: { id } }));
export const useReviewArticle = () =>
  useArticleChange(
    ({ id, body }: { id: string; body: ReviewArticleRequest }) => callEndpoint(api.knowledge.review, { params: { id }, body }),
    {
      silent: true,
    },
  );

/** The help centre's language: the interface language (English when it is not one of ours). */
export function useHelpLanguage(): LanguageCode {
  const { i18n } = useTranslation();
  const lng = i18n.resolvedLanguage ?? i18n.language;
  return isLanguageCode(lng) ? lng : 'en';
}

/** Published articles of a language: the newest (no words), or the best matches with highlighted snippets. */
export function useHelpSearch(language: LanguageCode, q: string, tag: string | null) {
  return useQuery({
    queryKey: ['help', 'search', language, q, tag],
    queryFn: () =>
      apiRequest<HelpSearchResult>('GET', withQuery(api.knowledge.search.path, { language, q, tag: tag ?? undefined, limit: 50 })),
    placeholderData: keepPreviousData,
  });
}

export function usePublishedArticle(id: string | null) {
  return useQuery({
    queryKey: ['help', 'article', id],
    queryFn: (): Promise<PublishedArticle> => callEndpoint(api.knowledge.article, { params: { id: id! } }),
    enabled: Boolean(id),
    // A missing article is said on the page.
    meta: { silent: true },
  });
}
