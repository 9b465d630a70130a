import { Box, Stack, Text } from '@chakra-ui/react';
import type { CannedResponse } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import type { ChatSide } from './messages';
import { MessageList } from './MessageList';
import { Composer } from './Composer';
import type { ChatSocketState } from './useChatSocket';

interface ChatConversationProps {
  /** The chat's live state (`useChatSocket`). */
  live: ChatSocketState;
  side: ChatSide;
  visitorToken?: string | null;
  canned?: readonly CannedResponse[];
  /** Height of the scrolling message area (CSS), e.g. "60dvh". */
  height?: string | Record<string, string>;
  /** Whether this side may write now (default: until the chat has ended). */
  canWrite?: boolean;
}

/** Messages, the other side's typing, and the composer (gone once the chat has ended). Both sides use it. */
export function ChatConversation({ live, side, visitorToken = null, canned, height = '60dvh', canWrite }: ChatConversationProps) {
  const { t } = useTranslation('chat');
  const { chat } = live;
  if (!chat) return null;
  const closed = chat.status === 'closed';
  return (
    <Stack gap="3" minHeight="0">
      <Box overflowY="auto" height={height} px="1" tabIndex={0} role="region" aria-label={t('conversation.scroll')}>
        <MessageList
          chat={chat}
          messages={live.messages}
          outgoing={live.outgoing}
          side={side}
          visitorToken={visitorToken}
          onRetry={live.retry}
        />
      </Box>
      <Box minHeight="5" aria-live="polite">
        {live.otherTyping && !closed && (
          <Text fontSize="sm" color="fg.muted" fontStyle="italic" data-testid="chat-typing">
            {side === 'customer' ? t('typing.operator', { name: live.otherTyping }) : t('typing.customer', { name: live.otherTyping })}
          </Text>
        )}
        {!live.connected && (
          <Text fontSize="sm" color="fg.warning" data-testid="chat-offline">
            {t('conversation.reconnecting')}
          </Text>
        )}
      </Box>
      {(canWrite ?? !closed) && (
        <Composer chatId={chat.id} visitorToken={visitorToken} onSend={live.send} onTyping={live.typing} canned={canned} />
      )}
    </Stack>
  );
}
