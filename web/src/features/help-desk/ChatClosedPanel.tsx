import { Alert, Button, Field, RatingGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { CHAT_LIMITS, type ChatSummary } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
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
          onSubmit={(e) => {
            e.preventDefault();
            if (score >= 1) rate.mutate({ score, ...(comment.trim() ? { comment: comment.trim() } : {}) });
          }}
        >
          <Stack gap="3">
            <RatingGroup.Root
              count={5}
              value={score}
              onValueChange={(d) => setScore(d.value)}
              colorPalette="yellow"
              data-testid="chat-rating"
            >
              <RatingGroup.Label>{t('closed.rateLabel')}</RatingGroup.Label>
              <RatingGroup.HiddenInput />
              <RatingGroup.Control>
                {Array.from({ length: 5 }, (_, index) => (
                  <RatingGroup.Item key={index} index={index + 1} aria-label={t('closed.stars', { count: index + 1 })}>
                    <RatingGroup.ItemIndicator />
                  </RatingGroup.Item>
                ))}
              </RatingGroup.Control>
            </RatingGroup.Root>
            <Field.Root>
              <Field.Label>{t('closed.comment')}</Field.Label>
              <Textarea
                value={comment}
                onChange={(e) => setComment(e.currentTarget.value)}
                maxLength={CHAT_LIMITS.ratingCommentMax}
                rows={2}
                data-testid="chat-rating-comment"
              />
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
