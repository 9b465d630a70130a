import { Box, Button, HStack, Input, Link, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { askAssistantSchema, ASSISTANT_LIMITS, isLanguageCode, type AssistantSource, type LanguageCode } from '@muster/contracts';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { errorStatus } from '../../lib/api';
import { useMusterForm } from '../../lib/forms';
import { useAppConfig } from '../../shell/useAppConfig';
import { Markdown } from '../knowledge/Markdown';
import { SnippetText } from '../knowledge/SnippetText';
import { useAskAssistant } from './useAskAssistant';

type Message =
  | { id: number; from: 'user'; text: string }
  | { id: number; from: 'assistant'; text: string; sources: AssistantSource[]; known: boolean }
  | { id: number; from: 'error'; text: string };
type NewMessage = Message extends infer M ? (M extends Message ? Omit<M, 'id'> : never) : never;

/** The composer: the question alone (the language is the conversation's). */
const questionSchema = askAssistantSchema.pick({ question: true });

export interface AssistantConversationProps {
  /** "Talk to a person": the embedding panel opens the live chat. */
  onTalkToPerson: () => void;
  /** "Create a ticket": the embedding panel opens the ticket form. */
  onCreateTicket: () => void;
  /** Language of the answers; the interface language when not given. */
  language?: LanguageCode;
}

function Bubble({ from, label, children }: { from: 'user' | 'assistant' | 'error'; label: string; children: ReactNode }) {
  const mine = from === 'user';
  return (
    <Stack
      as="li"
      gap="1"
      alignSelf={mine ? 'flex-end' : 'flex-start'}
      maxWidth="90%"
      bg={mine ? 'brand.solid' : from === 'error' ? 'red.subtle' : 'bg.muted'}
      color={mine ? 'brand.contrast' : 'fg'}
      paddingBlock="2"
      paddingInline="3"
      borderRadius="lg"
      data-testid={`assistant-message-${from}`}
    >
      <Text fontSize="xs" fontWeight="semibold" opacity={0.85}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * The conversation with the help-desk assistant: its greeting, the user's questions, its
 * answers (Markdown, rendered safely) with links to the help-centre articles they come from,
 * a plain "I don't know" when no article answers, and the way to a person or a ticket.
 */
export function AssistantConversation({ onTalkToPerson, onCreateTicket, language }: AssistantConversationProps) {
  const { t, i18n } = useTranslation('assistant');
  const { assistantName: name } = useAppConfig();
  const ask = useAskAssistant();
  const [messages, setMessages] = useState<Message[]>([]);
  const form = useMusterForm(questionSchema, { question: '' });
  const question = form.watch('question');
  const nextId = useRef(1);
  const log = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const lng = language ?? (isLanguageCode(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en');
  const lastAnswer = [...messages].reverse().find((m) => m.from !== 'user');
  const stuck = lastAnswer?.from === 'error' || (lastAnswer?.from === 'assistant' && !lastAnswer.known);

  useEffect(() => {
    // Newest message in view, without scrolling the page around the panel.
    if (log.current) log.current.scrollTop = log.current.scrollHeight;
  }, [messages.length, ask.isPending]);

  const add = (message: NewMessage) => setMessages((list) => [...list, { ...message, id: nextId.current++ }]);

  const send = form.handleSubmit(({ question: asked }) => {
    const text = asked.trim();
    if (!text || ask.isPending) return;
    add({ from: 'user', text });
    form.reset({ question: '' });
    ask.mutate(
      { question: text.slice(0, ASSISTANT_LIMITS.questionMax), language: lng },
      {
        onSuccess: (answer) => add({ from: 'assistant', text: answer.answer, sources: answer.sources, known: answer.known }),
        onError: (err) => add({ from: 'error', text: errorStatus(err) === 429 ? t('tooMany') : t('failed', { name }) }),
      },
    );
  });

  return (
    <Stack gap="3" height="full" minHeight="0" data-testid="assistant-conversation">
      <Box ref={log} flex="1" minHeight="0" overflowY="auto" role="log" aria-live="polite" aria-label={t('conversation', { name })}>
        <Stack as="ul" gap="3" listStyleType="none" padding="1">
          <Bubble from="assistant" label={name}>
            <Text>{t('greeting', { name })}</Text>
          </Bubble>
          {messages.map((m) =>
            m.from === 'user' ? (
              <Bubble key={m.id} from="user" label={t('you')}>
                <Text whiteSpace="pre-wrap" dir="auto">
                  {m.text}
                </Text>
              </Bubble>
            ) : m.from === 'error' ? (
              <Bubble key={m.id} from="error" label={name}>
                <Text>{m.text}</Text>
              </Bubble>
            ) : (
              <Bubble key={m.id} from="assistant" label={name}>
                <Box dir="auto" data-testid="assistant-answer" data-known={String(m.known)}>
                  <Markdown>{m.text}</Markdown>
                </Box>
                {m.sources.length > 0 && (
                  <Stack gap="1.5" marginBlockStart="1">
                    <Text fontSize="xs" fontWeight="semibold">
                      {t('sources')}
                    </Text>
                    <Stack as="ul" gap="1.5" listStyleType="none">
                      {m.sources.map((s) => (
                        <li key={s.articleId}>
                          <Link asChild color="brand.fg" fontWeight="medium" data-testid="assistant-source">
                            <RouterLink to={s.path}>{s.title}</RouterLink>
                          </Link>
                          <Text fontSize="xs" color="fg.muted" dir="auto">
                            <SnippetText parts={s.snippet} />
                          </Text>
                        </li>
                      ))}
                    </Stack>
                  </Stack>
                )}
                {!m.known && (
                  <Text fontSize="sm" color="fg.muted">
                    {t('unknownHint')}
                  </Text>
                )}
              </Bubble>
            ),
          )}
          {ask.isPending && (
            <HStack as="li" gap="2" color="fg.muted" data-testid="assistant-thinking">
              <Spinner size="xs" />
              <Text fontSize="sm">{t('thinking', { name })}</Text>
            </HStack>
          )}
        </Stack>
      </Box>
      <HStack gap="2" wrap="wrap">
        <Button
          size="sm"
          variant={stuck ? 'solid' : 'outline'}
          colorPalette="brand"
          onClick={onTalkToPerson}
          data-testid="assistant-talk-to-person"
        >
          {t('talkToPerson')}
        </Button>
        <Button size="sm" variant="outline" onClick={onCreateTicket} data-testid="assistant-create-ticket">
          {t('createTicket')}
        </Button>
      </HStack>
      <form onSubmit={(e) => void send(e)} noValidate>
        <HStack gap="2">
          <VisuallyHidden asChild>
            <label htmlFor={inputId}>{t('question')}</label>
          </VisuallyHidden>
          <Input
            id={inputId}
            {...form.register('question')}
            placeholder={t('placeholder')}
            maxLength={ASSISTANT_LIMITS.questionMax}
            autoComplete="off"
            dir="auto"
            data-testid="assistant-question"
          />
          <Button type="submit" colorPalette="brand" loading={ask.isPending} disabled={!question.trim()} data-testid="assistant-send">
            {t('send')}
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}
