import { Alert, Box, Button, Card, Heading, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { LANGUAGES, reviewArticleSchema, type Article, type ReviewArticleRequest } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSignedInSession } from '../auth/signed-in-session';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { formatDateTime } from '../../lib/format';
import { useMusterForm } from '../../lib/forms';
import { ArticleRow } from './KnowledgePage';
import { ListSkeleton } from './ListSkeleton';
import { Markdown } from './Markdown';
import { useArticle, useArticles, useReviewArticle } from './useKnowledge';
import { errorText } from '../../lib/error-text';

function ReviewPanel({ article, onDone }: { article: Article; onDone: () => void }) {
  const { t, i18n } = useTranslation('knowledge');
  const review = useReviewArticle();
  const form = useMusterForm(reviewArticleSchema, { decision: 'send_back', comment: '' });
  const decide = (body: ReviewArticleRequest) =>
    review.mutate(
      { id: article.id, body },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t(body.decision === 'approve' ? 'review.approved' : 'review.sentBack') });
          onDone();
        },
        onError: (err) => {
          if (!form.setServerErrors(err)) toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
        },
      },
    );
  return (
    <Stack gap="5">
      <Card.Root variant="outline">
        <Card.Body>
          <Stack gap="4">
            <Text fontSize="sm" color="fg.muted">
              {t('list.meta', {
                language: LANGUAGES.find((l) => l.code === article.language)?.nativeName ?? article.language,
                author: article.author.name,
                date: formatDateTime(article.updatedAt, i18n.resolvedLanguage),
              })}
            </Text>
            <Box dir="auto">
              <Markdown data-testid="review-preview">{article.body}</Markdown>
            </Box>
          </Stack>
        </Card.Body>
      </Card.Root>
      <Card.Root variant="subtle">
        <Card.Body>
          <Stack gap="4">
            <Button
              colorPalette="green"
              alignSelf="flex-start"
              loading={review.isPending && review.variables.body.decision === 'approve'}
              disabled={review.isPending}
              onClick={() => decide({ decision: 'approve' })}
              data-testid="approve-article"
            >
              {t('review.approve')}
            </Button>
            <form noValidate onSubmit={(e) => void form.handleSubmit(decide)(e)} aria-labelledby="send-back-title">
              <Stack gap="3">
                <Heading as="h2" size="md" id="send-back-title">
                  {t('review.sendBackHeading')}
                </Heading>
                <FormField label={t('review.comment')} error={form.message('comment')} helperText={t('review.commentHelp')} required>
                  <Textarea {...form.register('comment')} rows={4} maxLength={2000} data-testid="review-comment-input" />
                </FormField>
                <Button
                  type="submit"
                  variant="outline"
                  colorPalette="orange"
                  alignSelf="flex-start"
                  loading={review.isPending && review.variables.body.decision === 'send_back'}
                  disabled={review.isPending}
                  data-testid="send-back-article"
                >
                  {t('review.sendBack')}
                </Button>
              </Stack>
            </form>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

/** /app/sysops/knowledge-review: articles waiting for review, written by someone else; approve or send back. */
export default function KnowledgeReviewPage() {
  const { t } = useTranslation('knowledge');
  const session = useSignedInSession();
  const [params, setParams] = useSearchParams();
  const id = params.get('article');
  const list = useArticles({ status: 'in_review' });
  const article = useArticle(id);
  const waiting = list.data?.items.filter((a) => a.author.id !== session.user.id) ?? [];
  const close = () => setParams({});

  if (id) {
    const reviewable = article.data?.status === 'in_review' && article.data.author.id !== session.user.id;
    return (
      <Stack gap="5" maxWidth="5xl" width="full" data-testid="knowledge-review-page">
        <Button variant="ghost" alignSelf="flex-start" onClick={close} data-testid="back-to-list">
          {t('review.back')}
        </Button>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {article.data?.title ?? t('editor.loading')}
        </Heading>
        {article.isPending ? (
          <ListSkeleton />
        ) : !article.data || !reviewable ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t('review.notReviewable')}</Alert.Title>
          </Alert.Root>
        ) : (
          <ReviewPanel key={article.data.id} article={article.data} onDone={close} />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="5" maxWidth="5xl" width="full" data-testid="knowledge-review-page">
      <Stack gap="1">
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('review.heading')}
        </Heading>
        <Text color="fg.muted">{t('review.intro')}</Text>
      </Stack>
      {list.isPending ? (
        <ListSkeleton />
      ) : waiting.length === 0 ? (
        <Text color="fg.muted" data-testid="no-articles">
          {t('review.empty')}
        </Text>
      ) : (
        <Stack gap="3" data-testid="article-list">
          <HStack>
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              {t('list.count', { count: waiting.length })}
            </Text>
          </HStack>
          {waiting.map((a) => (
            <ArticleRow key={a.id} article={a} onOpen={(articleId) => setParams({ article: articleId })} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
