import { Alert, Badge, Button, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAcceptChat, useCannedResponses, useChatToTicket, useCloseChat } from './chat-api';
import { ChatConversation } from './ChatConversation';
import { TransferDialog } from './TransferDialog';
import { useChatSocket } from './useChatSocket';
import { errorText } from '../../lib/error-text';

/**
 * One chat for its operator: the customer, the conversation (with canned responses), and
 * Transfer, Close, Turn into ticket. Used in the console and full screen on /app/chat/:id.
 */
export function OperatorChatPanel({ chatId, myUserId, fullScreen = false }: { chatId: string; myUserId: string; fullScreen?: boolean }) {
  const { t } = useTranslation('chat');
  const live = useChatSocket({ chatId, side: 'operator' });
  const canned = useCannedResponses();
  const close = useCloseChat();
  const toTicket = useChatToTicket();
  const accept = useAcceptChat();
  const { chat } = live;

  if (live.error)
    return (
      <Alert.Root status="error" data-testid="chat-error">
        <Alert.Indicator />
        <Alert.Description>{errorText(t, live.error)}</Alert.Description>
      </Alert.Root>
    );
  if (!chat)
    return (
      <HStack gap="2" color="fg.muted">
        <Spinner size="sm" />
        <Text>{t('conversation.loading')}</Text>
      </HStack>
    );

  const mine = chat.operator?.id === myUserId;
  const ticketId = toTicket.data?.ticketId ?? chat.ticketId;
  return (
    <Stack gap="3" data-testid="operator-chat" data-chat-id={chat.id} data-status={chat.status}>
      <Stack gap="1">
        <HStack gap="2" wrap="wrap">
          <Text fontWeight="semibold" fontSize="lg" dir="auto">
            {chat.customer.name}
          </Text>
          <Badge colorPalette={chat.status === 'active' ? 'green' : chat.status === 'queued' ? 'yellow' : 'gray'}>
            {t(`status.${chat.status}`)}
          </Badge>
          <Badge variant="outline">{t(`customerKind.${chat.customer.kind}`)}</Badge>
        </HStack>
        <Text fontSize="sm" color="fg.muted" dir="auto">
          {[chat.customer.email, chat.customer.organizationName].filter(Boolean).join(' · ')}
        </Text>
        {chat.operator && !mine && <Text fontSize="sm">{t('conversation.handledBy', { name: chat.operator.name })}</Text>}
      </Stack>
      <HStack gap="2" wrap="wrap">
        {mine && chat.status === 'active' && <TransferDialog chatId={chat.id} myUserId={myUserId} />}
        {chat.status === 'queued' && (
          <Button
            size="sm"
            colorPalette="brand"
            onClick={() => accept.mutate(chat.id)}
            loading={accept.isPending}
            data-testid="chat-accept"
          >
            {t('console.accept')}
          </Button>
        )}
        {chat.status === 'active' && mine && (
          <Button
            size="sm"
            variant="outline"
            colorPalette="red"
            onClick={() => close.mutate(chat.id)}
            loading={close.isPending}
            data-testid="chat-close"
          >
            {t('actions.closeChat')}
          </Button>
        )}
        {!ticketId && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => toTicket.mutate(chat.id)}
            loading={toTicket.isPending}
            data-testid="chat-to-ticket"
          >
            {t('actions.toTicket')}
          </Button>
        )}
        {ticketId && (
          <Link asChild color="brand.fg" fontWeight="semibold" fontSize="sm">
            <RouterLink to={`/app/tickets/${ticketId}`} data-testid="chat-ticket-link">
              {t('actions.openTicket')}
            </RouterLink>
          </Link>
        )}
        {!fullScreen && (
          <Link asChild fontSize="sm" color="fg.muted">
            <RouterLink to={`/app/chat/${chat.id}`}>{t('actions.fullScreen')}</RouterLink>
          </Link>
        )}
      </HStack>
      <ChatConversation
        live={live}
        side="operator"
        canned={canned.data ?? []}
        canWrite={mine && chat.status === 'active'}
        height={fullScreen ? 'max(16rem, calc(100dvh - 22rem))' : { base: '50dvh', lg: 'max(16rem, calc(100dvh - 26rem))' }}
      />
    </Stack>
  );
}
