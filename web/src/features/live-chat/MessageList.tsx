import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ChatMessage, ChatSummary } from '@muster/contracts';
import { useEffect, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AttachmentView } from './AttachmentView';
import { lastOwnSeq, readByOtherSide, type ChatSide, type OutgoingMessage } from './messages';
import { systemText } from './system-text';
import { errorText } from '../../lib/error-text';

interface MessageListProps {
  chat: ChatSummary;
  /** Stored messages in seq order. */
  messages: readonly ChatMessage[];
  /** Sent from this tab, not stored yet. */
  outgoing: readonly OutgoingMessage[];
  side: ChatSide;
  visitorToken: string | null;
  onRetry: (clientId: string) => void;
}

function Bubble({ own, children, testId }: { own: boolean; children: ReactNode; testId: string }) {
  return (
    <Box
      alignSelf={own ? 'flex-end' : 'flex-start'}
      maxWidth="85%"
      bg={own ? 'brand.solid' : 'bg.muted'}
      color={own ? 'brand.contrast' : 'fg'}
      borderRadius="lg"
      borderEndEndRadius={own ? 'sm' : 'lg'}
      borderEndStartRadius={own ? 'lg' : 'sm'}
      px="3"
      py="2"
      data-testid={testId}
    >
      {children}
    </Box>
  );
}

/**
 * The conversation: stored messages in seq order, then this tab's unsent ones ("sending", or
 * failed with a retry), system lines, and the read receipt under the reader's own last message.
 */
export function MessageList({ chat, messages, outgoing, side, visitorToken, onRetry }: MessageListProps) {
  const { t, i18n } = useTranslation('chat');
  const endRef = useRef<HTMLDivElement>(null);
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage, { hour: '2-digit', minute: '2-digit' });
  const ownLast = lastOwnSeq(messages, side);
  const readUpTo = readByOtherSide(chat, side);

  useEffect(() => {
    const end = endRef.current;
    // (jsdom has no scrollIntoView)
    if (end && 'scrollIntoView' in end) end.scrollIntoView({ block: 'end' });
  }, [messages.length, outgoing.length]);

  return (
    <Stack gap="2" role="log" aria-live="polite" aria-label={t('conversation.label')} data-testid="chat-messages">
      {messages.map((message) => {
        if (message.kind === 'system')
          return (
            <Text
              key={message.id}
              alignSelf="center"
              fontSize="xs"
              color="fg.muted"
              textAlign="center"
              data-testid="chat-system"
              data-seq={message.seq}
            >
              {message.event ? systemText(t, message.event, side) : message.body}
            </Text>
          );
        const own = message.kind === side;
        return (
          <Stack key={message.id} gap="0.5" align={own ? 'flex-end' : 'flex-start'}>
            <Bubble own={own} testId="chat-message">
              <Stack gap="1" data-seq={message.seq} data-kind={message.kind}>
                {!own && (
                  <Text fontSize="xs" fontWeight="semibold">
                    {message.sender.name}
                  </Text>
                )}
                {message.body && (
                  <Text whiteSpace="pre-wrap" overflowWrap="anywhere" dir="auto">
                    {message.body}
                  </Text>
                )}
                {message.attachment && <AttachmentView chatId={chat.id} attachment={message.attachment} visitorToken={visitorToken} />}
              </Stack>
            </Bubble>
            <Text fontSize="xs" color="fg.muted">
              <time dateTime={message.createdAt}>{time.format(new Date(message.createdAt))}</time>
              {own && message.seq === ownLast && readUpTo >= message.seq && (
                <Text as="span" data-testid="chat-read-receipt">
                  {' · '}
                  {t(side === 'customer' ? 'receipt.read' : 'receipt.seen')}
                </Text>
              )}
            </Text>
          </Stack>
        );
      })}
      {outgoing.map((message) => (
        <Stack key={message.clientId} gap="0.5" align="flex-end" data-testid="chat-outgoing" data-state={message.state}>
          <Bubble own testId="chat-message-pending">
            <Stack gap="1" opacity={message.state === 'failed' ? 0.7 : 0.85}>
              {message.body && (
                <Text whiteSpace="pre-wrap" overflowWrap="anywhere" dir="auto">
                  {message.body}
                </Text>
              )}
              {message.attachment && (
                <Text fontSize="sm" dir="auto">
                  {message.attachment.filename}
                </Text>
              )}
            </Stack>
          </Bubble>
          {message.state === 'failed' ? (
            <HStack gap="2" wrap="wrap" justify="flex-end">
              <Text fontSize="xs" color="fg.error" role="alert">
                {message.error ? t('send.failedBecause', { reason: errorText(t, message.error) }) : t('send.failed')}
              </Text>
              <Button size="xs" variant="outline" onClick={() => onRetry(message.clientId)} data-testid="chat-retry">
                {t('send.retry')}
              </Button>
            </HStack>
          ) : (
            <Text fontSize="xs" color="fg.muted">
              {t(message.state === 'queued' ? 'send.queued' : 'send.sending')}
            </Text>
          )}
        </Stack>
      ))}
      <div ref={endRef} />
    </Stack>
  );
}
