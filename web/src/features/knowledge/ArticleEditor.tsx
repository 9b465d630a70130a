import { Alert, Box, Button, Card, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  ARTICLE_LIMITS,
  createArticleSchema,
  LANGUAGES,
  type Article,
  type CreateArticleRequest,
  type LanguageCode,
} from '@muster/contracts';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { passIssues, useMusterForm } from '../../lib/forms';
import { Markdown } from './Markdown';
import { useCreateArticle, useSubmitArticle, useUpdateArticle } from './useKnowledge';
import { errorText } from '../../lib/error-text';

type ArticleForm = { title: string; body: string; tags: string; language: string };

/** "Drills, Console ," → ["Drills", "Console"]: the form types tags as one comma-separated line. */
export const splitTags = (text: string): string[] =>
  text
    .split(/[,،，]/)
    .map((tag) => tag.trim())
    .filter(Boolean);

/** The contracts' article schema over the form's text values (tags as one line, their messages on it). */
const articleFormSchema = z.custom<ArticleForm>().transform((v, ctx): CreateArticleRequest => {
  const result = createArticleSchema.safeParse({ ...v, tags: splitTags(v.tags) });
  if (result.success) return result.data;
  passIssues(ctx, result.error.issues, { tags: 'tags' });
  return z.NEVER;
});

export interface ArticleEditorProps {
  /** The draft being edited; none for a new article. */
  article: Article | null;
  defaultLanguage: LanguageCode;
  /** After the first save of a new article. */
  onCreated: (article: Article) => void;
  /** After it was sent for review. */
  onSubmitted: (article: Article) => void;
}

/** Title, language, tags and a Markdown body with its live preview; saves drafts and sends them for review. */
export function ArticleEditor({ article, defaultLanguage, onCreated, onSubmitted }: ArticleEditorProps) {
  const { t } = useTranslation('knowledge');
  const create = useCreateArticle();
  const update = useUpdateArticle();
  const submit = useSubmitArticle();
  const form = useMusterForm(articleFormSchema, {
    title: article?.title ?? '',
    body: article?.body ?? '',
    tags: article?.tags.join(', ') ?? '',
    language: article?.language ?? defaultLanguage,
  });
  const preview = useDeferredValue(form.watch('body'));
  const busy = create.isPending || update.isPending || submit.isPending;

  const save = async (data: CreateArticleRequest): Promise<Article | null> => {
    try {
      return article ? await update.mutateAsync({ id: article.id, body: data }) : await create.mutateAsync(data);
    } catch (err) {
      if (!form.setServerErrors(err)) toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
      return null;
    }
  };

  const saveDraft = form.handleSubmit(async (data) => {
    const saved = await save(data);
    if (!saved) return;
    toaster.create({ type: 'success', title: t('editor.saved') });
    if (!article) onCreated(saved);
  });

  const sendForReview = form.handleSubmit(async (data) => {
    const saved = await save(data);
    if (!saved) return;
    const submitted = await submit.mutateAsync(saved.id).catch(() => null);
    if (!submitted) return;
    toaster.create({ type: 'success', title: t('editor.submitted'), description: t('editor.submittedText') });
    onSubmitted(submitted);
  });

  return (
    <Card.Root variant="outline" asChild>
      <form noValidate onSubmit={(e) => void saveDraft(e)} data-testid="article-editor">
        <Card.Body>
          <Stack gap="4">
            {article?.reviewComment && (
              <Alert.Root status="warning" data-testid="review-comment">
                <Alert.Indicator />
                <Alert.Content>
                  <Alert.Title>{t('editor.sentBack', { name: article.reviewer?.name ?? '' })}</Alert.Title>
                  <Alert.Description whiteSpace="pre-wrap" dir="auto">
                    {article.reviewComment}
                  </Alert.Description>
                </Alert.Content>
              </Alert.Root>
            )}
            <FormField label={t('editor.title')} error={form.message('title')} required>
              <Input {...form.register('title')} maxLength={ARTICLE_LIMITS.titleMax} data-testid="article-title" />
            </FormField>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              <FormField label={t('editor.language')} error={form.message('language')} required>
                <NativeSelect.Root>
                  <NativeSelect.Field {...form.register('language')} data-testid="article-language">
                    {LANGUAGES.map((l) => (
                      <option key={l.code} value={l.code}>
                        {l.nativeName}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              <FormField
                label={t('editor.tags')}
                error={form.message('tags')}
                helperText={t('editor.tagsHelp', { max: ARTICLE_LIMITS.tagsMax })}
              >
                <Input {...form.register('tags')} data-testid="article-tags" />
              </FormField>
            </SimpleGrid>
            <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" alignItems="start">
              <FormField label={t('editor.body')} error={form.message('body')} helperText={t('editor.bodyHelp')} required>
                <Textarea
                  {...form.register('body')}
                  rows={16}
                  maxLength={ARTICLE_LIMITS.bodyMax}
                  fontFamily="mono"
                  fontSize="sm"
                  dir="auto"
                  data-testid="article-body"
                />
              </FormField>
              <Stack gap="1.5">
                <Text fontWeight="medium" fontSize="sm" id="article-preview-label">
                  {t('editor.preview')}
                </Text>
                <Box
                  borderWidth="1px"
                  borderRadius="md"
                  padding="4"
                  minHeight="40"
                  role="region"
                  aria-labelledby="article-preview-label"
                  dir="auto"
                >
                  {preview.trim() ? (
                    <Markdown data-testid="article-preview">{preview}</Markdown>
                  ) : (
                    <Text color="fg.muted">{t('editor.previewEmpty')}</Text>
                  )}
                </Box>
              </Stack>
            </SimpleGrid>
            <HStack gap="3" wrap="wrap">
              <Button
                type="submit"
                variant="outline"
                loading={create.isPending || update.isPending}
                disabled={busy}
                data-testid="save-draft"
              >
                {t('editor.saveDraft')}
              </Button>
              <Button
                colorPalette="brand"
                onClick={(e) => void sendForReview(e)}
                loading={submit.isPending}
                disabled={busy}
                data-testid="submit-review"
              >
                {t('editor.submit')}
              </Button>
            </HStack>
          </Stack>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
