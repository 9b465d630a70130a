import { Alert, Badge, Box, Button, Card, Heading, HStack, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { HELP_TOPICS, isHelpTopic, type HelpSearchResult, type HelpTopic } from '@muster/contracts';
import { useDeferredValue } from 'react';
import { useSearchForm } from '../../lib/forms';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { formatDateTime } from '../../lib/format';
import { ListSkeleton } from './ListSkeleton';
import { Markdown } from './Markdown';
import { SnippetText } from './SnippetText';
import { useHelpLanguage, useHelpSearch, usePublishedArticle } from './useKnowledge';

type Hit = HelpSearchResult['items'][number];

/** An article's topics under their translated labels (tags that are not help-centre topics are not shown). */
function TopicBadges({ tags }: { tags: readonly string[] }) {
  const { t } = useTranslation('help');
  const topics = tags.filter(isHelpTopic);
  if (!topics.length) return null;
  return (
    <HStack gap="1.5" wrap="wrap" data-testid="help-topics">
      {topics.map((topic) => (
        <Badge key={topic} variant="outline" data-topic={topic}>
          {t(`topics.${topic}`)}
        </Badge>
      ))}
    </HStack>
  );
}

function HitCard({ hit, onOpen }: { hit: Hit; onOpen: (id: string) => void }) {
  return (
    <Card.Root variant="outline" size="sm" asChild>
      <li data-testid="help-hit" data-article-id={hit.id}>
        <Card.Body>
          <Stack gap="2">
            <Heading as="h2" size="md">
              <Button
                variant="plain"
                padding="0"
                height="auto"
                whiteSpace="normal"
                textAlign="start"
                fontSize="inherit"
                fontWeight="inherit"
                color="brand.fg"
                onClick={() => onOpen(hit.id)}
                data-testid="open-help-article"
              >
                {hit.title}
              </Button>
            </Heading>
            <Text fontSize="sm" color="fg.muted" data-testid="help-snippet" dir="auto">
              <SnippetText parts={hit.snippet} />
            </Text>
            <TopicBadges tags={hit.tags} />
          </Stack>
        </Card.Body>
      </li>
    </Card.Root>
  );
}

function ArticleReader({ id, onBack }: { id: string; onBack: () => void }) {
  const { t, i18n } = useTranslation('help');
  const article = usePublishedArticle(id);
  return (
    <Stack gap="5" data-testid="help-article">
      <Button variant="ghost" alignSelf="flex-start" onClick={onBack} data-testid="help-back">
        {t('back')}
      </Button>
      {article.isPending ? (
        <ListSkeleton />
      ) : article.isError ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t('notFound')}</Alert.Title>
        </Alert.Root>
      ) : (
        <Stack gap="4" asChild>
          <article>
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} dir="auto">
              {article.data.title}
            </Heading>
            <HStack gap="2" wrap="wrap">
              {article.data.publishedAt && (
                <Text fontSize="sm" color="fg.muted">
                  {t('published', { date: formatDateTime(article.data.publishedAt, i18n.resolvedLanguage) })}
                </Text>
              )}
              <TopicBadges tags={article.data.tags} />
            </HStack>
            <Box dir="auto">
              <Markdown data-testid="help-article-body">{article.data.body}</Markdown>
            </Box>
          </article>
        </Stack>
      )}
    </Stack>
  );
}

/** /app/help: published articles in the user's language, by tag or by search with highlighted snippets; `?article=<id>` opens one. */
export default function HelpCenterPage() {
  const { t } = useTranslation('help');
  const language = useHelpLanguage();
  const [params, setParams] = useSearchParams();
  const articleId = params.get('article');
  const tag = params.get('tag');
  const search = useSearchForm(params.get('q') ?? '', (q) => update({ q: q || null }));
  // Results follow the words as they are typed; Enter puts them in the address.
  const words = useDeferredValue(search.form.watch('q').trim());
  const results = useHelpSearch(language, words, tag);
  // Topics to browse: the help-centre topics the language's published articles carry, in the topics' order.
  const browse = useHelpSearch(language, '', null);
  const present = new Set(browse.data?.items.flatMap((i) => i.tags) ?? []);
  const tags: HelpTopic[] = HELP_TOPICS.filter((topic) => present.has(topic));

  const update = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged);
  };

  if (articleId) {
    return (
      <Box maxWidth="4xl" width="full" data-testid="help-center">
        <ArticleReader key={articleId} id={articleId} onBack={() => update({ article: null })} />
      </Box>
    );
  }

  return (
    <Stack gap="5" maxWidth="4xl" width="full" data-testid="help-center">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('heading')}
        </Heading>
        <Text color="fg.muted">{t('intro')}</Text>
      </Stack>
      <form role="search" onSubmit={search.onSubmit}>
        <InputGroup width="full">
          <Input
            type="search"
            size="lg"
            aria-label={t('searchLabel')}
            placeholder={t('searchPlaceholder')}
            {...search.field}
            data-testid="help-search"
          />
        </InputGroup>
      </form>
      {tags.length > 0 && (
        <Stack gap="2">
          <Text fontSize="sm" fontWeight="medium" id="help-tags-label">
            {t('browseByTag')}
          </Text>
          <HStack gap="2" wrap="wrap" role="group" aria-labelledby="help-tags-label">
            <Button size="xs" variant={tag ? 'outline' : 'solid'} aria-pressed={!tag} onClick={() => update({ tag: null })}>
              {t('allTags')}
            </Button>
            {tags.map((name) => (
              <Button
                key={name}
                size="xs"
                variant={tag === name ? 'solid' : 'outline'}
                aria-pressed={tag === name}
                onClick={() => update({ tag: tag === name ? null : name })}
                data-testid="help-tag"
                data-topic={name}
              >
                {t(`topics.${name}`)}
              </Button>
            ))}
          </HStack>
        </Stack>
      )}
      {results.isPending ? (
        <ListSkeleton />
      ) : results.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('failed')}</Alert.Title>
        </Alert.Root>
      ) : results.data.items.length === 0 ? (
        <Stack gap="1" data-testid="help-empty">
          <Text fontWeight="medium">{t('empty')}</Text>
          <Text color="fg.muted">{t('emptyText')}</Text>
        </Stack>
      ) : (
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {words ? t('resultsFor', { count: results.data.items.length, q: words }) : t('latest')}
          </Text>
          <Stack as="ul" gap="3" listStyleType="none" data-testid="help-results">
            {results.data.items.map((hit) => (
              <HitCard key={hit.id} hit={hit} onOpen={(id) => update({ article: id })} />
            ))}
          </Stack>
        </Stack>
      )}
    </Stack>
  );
}
