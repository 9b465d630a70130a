import { Alert, Badge, Box, Button, Card, Heading, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { ARTICLE_STATUSES, LANGUAGES, type Article, type ArticleStatus } from '@muster/contracts';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSignedInSession } from '../auth/signed-in-session';
import { toaster } from '../../components/ui/toaster';
import { formatDateTime } from '../../lib/format';
import { ArticleEditor } from './ArticleEditor';
import { ArticleStatusBadge } from './ArticleStatusBadge';
import { ListSkeleton } from './ListSkeleton';
import { Markdown } from './Markdown';
import { useArticle, useArticles, useHelpLanguage, useWithdrawArticle } from './useKnowledge';

const languageName = (code: string) => LANGUAGES.find((l) => l.code === code)?.nativeName ?? code;

/** One line of the list: title, state, language, author, last change, and a sent-back note. */
export function ArticleRow({ article, onOpen }: { article: Article; onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation('knowledge');
  return (
    <Card.Root variant="outline" size="sm" data-testid="article-row" data-article-id={article.id}>
      <Card.Body>
        <Stack gap="2">
          <HStack justify="space-between" align="start" gap="3" wrap="wrap">
            <Button
              variant="plain"
              padding="0"
              height="auto"
              whiteSpace="normal"
              textAlign="start"
              fontWeight="semibold"
              color="brand.fg"
              onClick={() => onOpen(article.id)}
              data-testid="open-article"
            >
              {article.title}
            </Button>
            <ArticleStatusBadge status={article.status} />
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {t('list.meta', {
              language: languageName(article.language),
              author: article.author.name,
              date: formatDateTime(article.updatedAt, i18n.resolvedLanguage),
            })}
          </Text>
          {article.tags.length > 0 && (
            <HStack gap="1.5" wrap="wrap">
              {article.tags.map((tag) => (
                <Badge key={tag} variant="outline">
                  {tag}
                </Badge>
              ))}
            </HStack>
          )}
          {article.status === 'draft' && article.reviewComment && (
            <Text fontSize="sm" color="orange.fg">
              {t('list.sentBack', { name: article.reviewer?.name ?? '', comment: article.reviewComment })}
            </Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function ArticleList({ onOpen, onNew }: { onOpen: (id: string) => void; onNew: () => void }) {
  const { t } = useTranslation('knowledge');
  const [scope, setScope] = useState<'all' | 'me'>('all');
  const [status, setStatus] = useState<ArticleStatus | ''>('');
  const [q, setQ] = useState('');
  const words = useDeferredValue(q.trim());
  const list = useArticles({ status: status || undefined, author: scope === 'me' ? 'me' : undefined, q: words || undefined });
  return (
    <Stack gap="5">
      <HStack justify="space-between" wrap="wrap" gap="3">
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t('list.heading')}
          </Heading>
          <Text color="fg.muted">{t('list.intro')}</Text>
        </Stack>
        <Button colorPalette="brand" onClick={onNew} data-testid="new-article">
          {t('list.new')}
        </Button>
      </HStack>
      <Stack direction={{ base: 'column', md: 'row' }} gap="3" role="search" aria-label={t('list.filters')}>
        <NativeSelect.Root width={{ base: 'full', md: '56' }}>
          <NativeSelect.Field
            aria-label={t('list.scope')}
            value={scope}
            onChange={(e) => setScope(e.currentTarget.value as 'all' | 'me')}
            data-testid="filter-scope"
          >
            <option value="all">{t('list.scopeAll')}</option>
            <option value="me">{t('list.scopeMine')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <NativeSelect.Root width={{ base: 'full', md: '56' }}>
          <NativeSelect.Field
            aria-label={t('list.status')}
            value={status}
            onChange={(e) => setStatus(e.currentTarget.value as ArticleStatus | '')}
            data-testid="filter-status"
          >
            <option value="">{t('list.statusAll')}</option>
            {ARTICLE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`status.${s}`)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          type="search"
          aria-label={t('list.search')}
          placeholder={t('list.search')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          data-testid="filter-q"
        />
      </Stack>
      {list.isPending ? (
        <ListSkeleton />
      ) : list.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('list.failed')}</Alert.Title>
        </Alert.Root>
      ) : list.data.items.length === 0 ? (
        <Text color="fg.muted" data-testid="no-articles">
          {t('list.empty')}
        </Text>
      ) : (
        <Stack gap="3" data-testid="article-list">
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {t('list.count', { count: list.data.total })}
          </Text>
          {list.data.items.map((article) => (
            <ArticleRow key={article.id} article={article} onOpen={onOpen} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** An article its reader may not edit: the rendered text, and withdraw when it is in review or published. */
function ArticleView({ article }: { article: Article }) {
  const { t, i18n } = useTranslation('knowledge');
  const withdraw = useWithdrawArticle();
  return (
    <Card.Root variant="outline">
      <Card.Body>
        <Stack gap="4">
          <HStack gap="3" wrap="wrap">
            <ArticleStatusBadge status={article.status} />
            <Text fontSize="sm" color="fg.muted">
              {t('list.meta', {
                language: languageName(article.language),
                author: article.author.name,
                date: formatDateTime(article.updatedAt, i18n.resolvedLanguage),
              })}
            </Text>
          </HStack>
          {article.status === 'draft' && (
            <Text fontSize="sm" color="fg.muted">
              {t('view.authorOnly', { name: article.author.name })}
            </Text>
          )}
          {article.status === 'in_review' && <Text fontSize="sm">{t('view.inReview')}</Text>}
          <Box dir="auto">
            <Markdown data-testid="article-rendered">{article.body}</Markdown>
          </Box>
          {article.status !== 'draft' && (
            <Button
              alignSelf="flex-start"
              variant="outline"
              colorPalette="red"
              loading={withdraw.isPending}
              onClick={() =>
                withdraw.mutate(article.id, {
                  onSuccess: () => toaster.create({ type: 'success', title: t('view.withdrawn'), description: t('view.withdrawnText') }),
                })
              }
              data-testid="withdraw-article"
            >
              {t('view.withdraw')}
            </Button>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function ArticleWorkspace({ id, onClose, onOpen }: { id: string | null; onClose: () => void; onOpen: (id: string) => void }) {
  const { t } = useTranslation('knowledge');
  const session = useSignedInSession();
  const language = useHelpLanguage();
  const article = useArticle(id);
  const editable = !id || (article.data?.status === 'draft' && article.data.author.id === session.user.id);
  return (
    <Stack gap="5">
      <Button variant="ghost" alignSelf="flex-start" onClick={onClose} data-testid="back-to-list">
        {t('editor.back')}
      </Button>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {id ? (article.data?.title ?? t('editor.loading')) : t('editor.newHeading')}
      </Heading>
      {id && article.isPending ? (
        <ListSkeleton />
      ) : id && article.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('editor.notFound')}</Alert.Title>
        </Alert.Root>
      ) : editable ? (
        <ArticleEditor
          key={article.data ? `${article.data.id}:${article.data.updatedAt}` : 'new'}
          article={article.data ?? null}
          defaultLanguage={language}
          onCreated={(created) => onOpen(created.id)}
          onSubmitted={() => onClose()}
        />
      ) : (
        article.data && <ArticleView article={article.data} />
      )}
    </Stack>
  );
}

/** /app/sysops/knowledge: every article with filters; write, edit and send drafts for review; withdraw. */
export default function KnowledgePage() {
  const [params, setParams] = useSearchParams();
  const id = params.get('article');
  const creating = params.get('new') === '1';
  const open = (articleId: string) => setParams({ article: articleId });
  const close = () => setParams({});
  return (
    <Box maxWidth="6xl" width="full" data-testid="knowledge-page">
      {id || creating ? (
        <ArticleWorkspace key={id ?? 'new'} id={id} onClose={close} onOpen={open} />
      ) : (
        <ArticleList onOpen={open} onNew={() => setParams({ new: '1' })} />
      )}
    </Box>
  );
}
