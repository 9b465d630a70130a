import { Alert, Badge, Button, HStack, Spinner, Stack, Text } from '@chakra-ui/react';

import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCloseChat } from '../live-chat/chat-api';
import { ChatConversation } from '../live-chat/ChatConversation';
import { useChatSocket } from '../live-chat/useChatSocket';
import { ChatClosedPanel } from './ChatClosedPanel';
import { errorText } from '../../lib/error-text';

/** The customer's live chat: status, conversation, End chat, and afterwards rating and transcript. */
export function CustomerChat({
  chatId,
  visitorToken,
  compact = false,
  onGone,
  onNewChat,
}: {
  chatId: string;
  visitorToken: string | null;
  compact?: boolean;
  /** The chat no longer exists for this customer (unknown, or another browser's). */
  onGone: () => void;
  onNewChat: () => void;
}) {
  const { t } = useTranslation(['helpdesk', 'chat']);
  const live = useChatSocket({ chatId, visitorToken, side: 'customer' });
  const close = useCloseChat(visitorToken);
  const { chat, error } = live;

  useEffect(() => {
    if (error?.reason === 'notFound.chat') onGone();
  }, [error, onGone]);

  if (error && error.reason !== 'notFound.chat')
    return (
      <Alert.Root status="error" data-testid="chat-error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{errorText(t, error)}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  if (!chat)
    return (
      <HStack gap="2" color="fg.muted">
        <Spinner size="sm" />
        <Text>{t('chat.connecting')}</Text>
      </HStack>
    );

  const status =
    chat.status === 'queued'
      ? t('chat.waiting')
      : chat.status === 'active'
        ? t('chat.talkingTo', { name: chat.operator?.name ?? '' })
        : t('chat.ended');

  return (
    <Stack gap="3" data-testid="customer-chat" data-status={chat.status}>
      <HStack justify="space-between" gap="2" wrap="wrap">
        <HStack gap="2" minWidth="0">
          <Badge colorPalette={chat.status === 'active' ? 'green' : chat.status === 'queued' ? 'yellow' : 'gray'}>
            {t(`chat:status.${chat.status}`)}
          </Badge>
          <Text fontSize="sm" role="status" data-testid="chat-status-line">
            {status}
          </Text>
        </HStack>
        {chat.status !== 'closed' && (
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            onClick={() => close.mutate(chat.id)}
            loading={close.isPending}
            data-testid="chat-end"
          >
            {t('chat.end')}
          </Button>
        )}
      </HStack>
      <ChatConversation
        live={live}
        side="customer"
        visitorToken={visitorToken}
        height={compact ? '16rem' : { base: '50dvh', md: '55dvh' }}
      />
      {chat.status === 'closed' && <ChatClosedPanel chat={chat} visitorToken={visitorToken} onNewChat={onNewChat} />}
    </Stack>
  );
}
