import { Badge, Box, Button, Card, Grid, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ChatSummary } from '@muster/contracts';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useSignedInSession } from '../auth/signed-in-session';
import type { PageProps } from '../../lib/page';
import { toaster } from '../../components/ui/toaster';

import { CannedResponsesDialog } from './CannedResponsesDialog';
import { useAcceptChat, useChatList } from './chat-api';
import { unreadCount } from './messages';
import { OperatorChatPanel } from './OperatorChatPanel';
import { PresenceControls } from './PresenceControls';
import { useOperatorLiveUpdates } from './useOperatorLiveUpdates';
import { usePageTitle } from '../../lib/usePageTitle';
import { errorText } from '../../lib/error-text';

function QueueList({ onOpen }: { onOpen: (id: string) => void }) {
  const { t, i18n } = useTranslation('chat');
  const queue = useChatList('queue');
  const accept = useAcceptChat();
  const time = new Intl.DateTimeFormat(i18n.resolvedLanguage, { hour: '2-digit', minute: '2-digit' });
  const items = (queue.data ?? []).filter((c) => c.status === 'queued');
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h2" size="md">
            {t('console.queue')}
          </Heading>
          <Badge colorPalette={items.length ? 'yellow' : 'gray'} data-testid="queue-count">
            {items.length}
          </Badge>
        </HStack>
      </Card.Header>
      <Card.Body>
        {queue.isPending && <Spinner size="sm" />}
        {queue.isSuccess && items.length === 0 && <Text color="fg.muted">{t('console.queueEmpty')}</Text>}
        <Stack as="ul" gap="2" listStyleType="none" data-testid="chat-queue">
          {items.map((chat) => (
            <Stack as="li" key={chat.id} gap="1" borderBottomWidth="1px" pb="2" data-testid="queue-item" data-chat-id={chat.id}>
              <HStack justify="space-between" gap="2">
                <Text fontWeight="semibold" truncate dir="auto">
                  {chat.customer.name}
                </Text>
                <Text fontSize="xs" color="fg.muted" flexShrink={0}>
                  {t('console.waitingSince', { time: time.format(new Date(chat.createdAt)) })}
                </Text>
              </HStack>
              <Text fontSize="sm" color="fg.muted" lineClamp={2} dir="auto">
                {chat.subject}
              </Text>
              <Button
                size="xs"
                colorPalette="brand"
                alignSelf="flex-start"
                loading={accept.isPending && accept.variables === chat.id}
                onClick={() =>
                  accept.mutate(chat.id, {
                    onSuccess: () => onOpen(chat.id),
                    onError: (err) => toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) }),
                  })
                }
                data-testid="queue-accept"
              >
                {t('console.accept')}
              </Button>
            </Stack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function MyChats({ selected, typing, onOpen }: { selected: string | null; typing: Record<string, string>; onOpen: (id: string) => void }) {
  const { t } = useTranslation('chat');
  const mine = useChatList('mine');
  const items = (mine.data ?? []).slice().sort((a: ChatSummary, b: ChatSummary) => {
    if ((a.status === 'closed') !== (b.status === 'closed')) return a.status === 'closed' ? 1 : -1;
    return b.lastMessageAt.localeCompare(a.lastMessageAt);
  });
  return (
    <Card.Root variant="outline" size="sm">
      <Card.Header>
        <Heading as="h2" size="md">
          {t('console.mine')}
        </Heading>
      </Card.Header>
      <Card.Body>
        {mine.isPending && <Spinner size="sm" />}
        {mine.isSuccess && items.length === 0 && <Text color="fg.muted">{t('console.mineEmpty')}</Text>}
        <Stack as="ul" gap="1" listStyleType="none" data-testid="my-chats">
          {items.map((chat) => {
            const unread = chat.id === selected ? 0 : unreadCount(chat);
            return (
              <li key={chat.id}>
                <Button
                  variant={chat.id === selected ? 'subtle' : 'ghost'}
                  width="full"
                  height="auto"
                  py="2"
                  justifyContent="flex-start"
                  textAlign="start"
                  onClick={() => onOpen(chat.id)}
                  aria-current={chat.id === selected ? 'true' : undefined}
                  data-testid="my-chat"
                  data-chat-id={chat.id}
                >
                  <Stack gap="0.5" flex="1" minWidth="0" align="stretch">
                    <HStack justify="space-between" gap="2">
                      <Text fontWeight="semibold" truncate dir="auto">
                        {chat.customer.name}
                      </Text>
                      <HStack gap="1" flexShrink={0}>
                        {chat.status === 'closed' && <Badge colorPalette="gray">{t('status.closed')}</Badge>}
                        {unread > 0 && (
                          <Badge colorPalette="red" data-testid="my-chat-unread" aria-label={t('console.unread', { count: unread })}>
                            {unread}
                          </Badge>
                        )}
                      </HStack>
                    </HStack>
                    <Text fontSize="xs" color="fg.muted" truncate fontWeight="normal" dir="auto">
                      {typing[chat.id] ? t('console.typing') : chat.subject}
                    </Text>
                  </Stack>
                </Button>
              </li>
            );
          })}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** /app/sysops/live-chat: presence, the queue, my chats and the open chat, with canned responses. */
export default function OperatorConsolePage({ pageId }: PageProps) {
  const { t } = useTranslation(['chat', 'pages']);
  usePageTitle(pageId);
  const session = useSignedInSession();
  const typing = useOperatorLiveUpdates();
  const [params, setParams] = useSearchParams();
  const selected = params.get('chat');
  const panelRef = useRef<HTMLDivElement>(null);
  const open = (id: string) => {
    setParams({ chat: id });
    // On narrow screens the conversation is below the lists: bring it into view.
    if (window.matchMedia('(max-width: 61.99em)').matches) panelRef.current?.scrollIntoView({ block: 'start' });
  };

  return (
    // Room at the bottom for the floating help-desk button, so it never covers the composer.
    <Stack gap="5" pb="16" data-testid="live-chat-console">
      <Stack gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ md: 'center' }}>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
          {t('pages:liveChat.title')}
        </Heading>
        <HStack gap="3" wrap="wrap">
          <PresenceControls />
          <CannedResponsesDialog myUserId={session.user.id} />
        </HStack>
      </Stack>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: '20rem minmax(0, 1fr)' }} gap="5" alignItems="start">
        <Stack gap="4">
          <QueueList onOpen={open} />
          <MyChats selected={selected} typing={typing} onOpen={open} />
        </Stack>
        <Box ref={panelRef} borderWidth="1px" borderRadius="lg" p={{ base: '3', md: '4' }} bg="bg.panel" minWidth="0" scrollMarginTop="20">
          {selected ? (
            <OperatorChatPanel key={selected} chatId={selected} myUserId={session.user.id} />
          ) : (
            <Text color="fg.muted">{t('console.pick')}</Text>
          )}
        </Box>
      </Grid>
    </Stack>
  );
}
