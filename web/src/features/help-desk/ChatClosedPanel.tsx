import { Alert, Button, Field, RatingGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { CHAT_LIMITS, rateChatSchema, type ChatSummary } from '@muster/contracts';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMusterForm } from '../../lib/forms';
import { useEmailTranscript, useRateChat } from '../live-chat/chat-api';

/** After the chat: a 1–5 rating with a comment, and the transcript by email. */
export function ChatClosedPanel({
  chat,
  visitorToken,
  onNewChat,
}: {
  chat: ChatSummary;
  visitorToken: string | null;
  onNewChat: () => void;
}) {
  const { t } = useTranslation('helpdesk');
  // No stars yet (0): the button waits for a score, the schema checks it.
  const form = useMusterForm(rateChatSchema, { score: 0, comment: '' });
  const score = form.watch('score');
  const rate = useRateChat(chat.id, visitorToken);
  const transcript = useEmailTranscript(chat.id, visitorToken);
  const rated = rate.data?.rating ?? chat.rating;

  return (
    <Stack gap="4" borderTopWidth="1px" pt="4" data-testid="chat-closed-panel">
      <Text fontWeight="semibold">{t('closed.title')}</Text>
      {rated ? (
        <Text data-testid="chat-rated">{t('closed.thanks', { score: rated })}</Text>
      ) : (
        <form
          noValidate
          onSubmit={(e) => void form.handleSubmit(({ score, comment }) => rate.mutate({ score, ...(comment ? { comment } : {}) }))(e)}
        >
          <Stack gap="3">
            <Controller
              control={form.control}
              name="score"
              render={({ field }) => (
                <RatingGroup.Root
                  count={5}
                  name={field.name}
                  value={field.value}
                  onValueChange={(d) => field.onChange(d.value)}
                  colorPalette="yellow"
                  data-testid="chat-rating"
                >
                  <RatingGroup.Label>{t('closed.rateLabel')}</RatingGroup.Label>
                  <RatingGroup.HiddenInput ref={field.ref} onBlur={field.onBlur} />
                  <RatingGroup.Control>
                    {Array.from({ length: 5 }, (_, index) => (
                      <RatingGroup.Item key={index} index={index + 1} aria-label={t('closed.stars', { count: index + 1 })}>
                        <RatingGroup.ItemIndicator />
                      </RatingGroup.Item>
                    ))}
                  </RatingGroup.Control>
                </RatingGroup.Root>
              )}
            />
            <Field.Root>
              <Field.Label>{t('closed.comment')}</Field.Label>
              <Textarea {...form.register('comment')} maxLength={CHAT_LIMITS.ratingCommentMax} rows={2} data-testid="chat-rating-comment" />
            </Field.Root>
            <Button
              type="submit"
              size="sm"
              colorPalette="brand"
              alignSelf="flex-start"
              disabled={score < 1}
              loading={rate.isPending}
              data-testid="chat-rate"
            >
              {t('closed.sendRating')}
            </Button>
          </Stack>
        </form>
      )}
      <Stack gap="2" align="flex-start">
        <Button
          size="sm"
          variant="outline"
          onClick={() => transcript.mutate()}
          loading={transcript.isPending}
          disabled={transcript.isSuccess}
          data-testid="chat-transcript"
        >
          {t('closed.transcript')}
        </Button>
        {transcript.isSuccess && (
          <Alert.Root status="success" size="sm" data-testid="chat-transcript-sent">
            <Alert.Indicator />
            <Alert.Title>{t('closed.transcriptSent', { email: transcript.data.sentTo })}</Alert.Title>
          </Alert.Root>
        )}
        <Button size="sm" variant="ghost" onClick={onNewChat} data-testid="chat-new">
          {t('closed.newChat')}
        </Button>
      </Stack>
    </Stack>
  );
}
