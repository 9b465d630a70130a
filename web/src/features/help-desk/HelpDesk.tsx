import { Alert, Button, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import type { StartChatResult } from '@muster/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useSession } from '../auth/session';
import { useSocketEvent } from '../../lib/socket';
import { isOpenChat, useChatAvailability, useOwnOpenChat } from '../live-chat/chat-api';
import { forgetStoredChat, onStoredChatChange, readStoredChat, storeChat, type StoredChat } from '../live-chat/chat-storage';
import { CustomerChat } from './CustomerChat';
import { HelpDeskAssistant } from './HelpDeskAssistant';
import { StartChatForm } from './StartChatForm';

type Step =
  | { kind: 'assistant'; notice?: 'gone' }
  | { kind: 'person' }
  | { kind: 'chat'; chat: StoredChat }
  | { kind: 'ticket'; ticketId: string; email: string | null };

/**
 * The help desk (on /app/help-desk, /mobile-chat and in the floating panel): the assistant first;
 * "Talk to a person" checks who is online and starts a live chat (or takes a message that becomes
 * a ticket); "Create a ticket" goes to the ticket form (members) or the contact form (visitors).
 * An open chat follows its customer: a visitor's to every tab of the browser (localStorage and its
 * storage event), a member's to every tab and device (their open chat is asked of the server, and a
 * chat they start elsewhere is pushed to their `user:` room), so the operator's replies reach them.
 */
export function HelpDesk({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation(['helpdesk', 'chat']);
  const navigate = useNavigate();
  const session = useSession();
  const member = Boolean(session.data);
  const [step, setStep] = useState<Step>(() => {
    const stored = readStoredChat();
    return stored ? { kind: 'chat', chat: stored } : { kind: 'assistant' };
  });
  const availability = useChatAvailability(step.kind === 'person');

  /** Shows an open chat started or resumed elsewhere, unless this help desk already shows a chat. */
  const follow = useCallback((chat: StoredChat) => {
    setStep((current) => (current.kind === 'chat' || current.kind === 'ticket' ? current : { kind: 'chat', chat }));
  }, []);
  const userId = session.data?.user.id ?? null;
  const ownOpen = useOwnOpenChat(Boolean(userId) && step.kind !== 'chat');
  useEffect(() => {
    if (!ownOpen.data) return;
    const chat = { chatId: ownOpen.data.id, visitorToken: null };
    storeChat(chat);
    follow(chat);
  }, [ownOpen.data, follow]);
  // The push can arrive before the answer to this tab's own start request (whose form then unmounts
  // unanswered), so the chat is stored here as well: a reload and the other tabs find it.
  useSocketEvent('chat:updated', (chat) => {
    if (!userId || chat.customer.userId !== userId || !isOpenChat(chat)) return;
    const followed = { chatId: chat.id, visitorToken: null };
    if (readStoredChat()?.chatId !== chat.id) storeChat(followed);
    follow(followed);
  });
  useEffect(
    () =>
      onStoredChatChange((chat) => {
        if (chat) follow(chat);
      }),
    [follow],
  );

  const onStarted = (result: StartChatResult, email: string | null) => {
    if (result.outcome === 'ticket') {
      setStep({ kind: 'ticket', ticketId: result.ticketId, email: email ?? session.data?.user.email ?? null });
      return;
    }
    const chat = { chatId: result.chat.id, visitorToken: result.visitorToken };
    storeChat(chat);
    setStep({ kind: 'chat', chat });
  };
  const onGone = useCallback(() => {
    forgetStoredChat();
    setStep({ kind: 'assistant', notice: 'gone' });
  }, []);
  const onNewChat = useCallback(() => {
    forgetStoredChat();
    setStep({ kind: 'assistant' });
  }, []);

  if (session.isPending)
    return (
      <HStack gap="2" color="fg.muted">
        <Spinner size="sm" />
        <Text>{t('loading')}</Text>
      </HStack>
    );

  switch (step.kind) {
    case 'assistant':
      return (
        <Stack gap="3">
          {step.notice === 'gone' && (
            <Alert.Root status="info" size="sm">
              <Alert.Indicator />
              <Alert.Description>{t('chat.gone')}</Alert.Description>
            </Alert.Root>
          )}
          <HelpDeskAssistant
            onTalkToPerson={() => setStep({ kind: 'person' })}
            onCreateTicket={() => void navigate(member ? '/app/tickets/new' : '/contact')}
          />
        </Stack>
      );
    case 'person':
      if (availability.isPending)
        return (
          <HStack gap="2" color="fg.muted">
            <Spinner size="sm" />
            <Text>{t('start.checking')}</Text>
          </HStack>
        );
      if (availability.isError)
        return (
          <Stack gap="2">
            <Text color="fg.error">{t('start.availabilityFailed')}</Text>
            <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => void availability.refetch()}>
              {t('start.tryAgain')}
            </Button>
          </Stack>
        );
      return (
        <StartChatForm
          visitor={!member}
          operatorsOnline={availability.data.operatorsOnline}
          onStarted={onStarted}
          onCancel={() => setStep({ kind: 'assistant' })}
        />
      );
    case 'ticket':
      return (
        <Stack gap="3" data-testid="chat-ticket-created">
          <Alert.Root status="success">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{t('ticket.title')}</Alert.Title>
              <Alert.Description>{step.email ? t('ticket.text', { email: step.email }) : t('ticket.textNoEmail')}</Alert.Description>
            </Alert.Content>
          </Alert.Root>
          {member && (
            <Link asChild color="brand.fg" fontWeight="semibold">
              <RouterLink to={`/app/tickets/${step.ticketId}`}>{t('ticket.open')}</RouterLink>
            </Link>
          )}
          <Button size="sm" variant="ghost" alignSelf="flex-start" onClick={() => setStep({ kind: 'assistant' })}>
            {t('ticket.back')}
          </Button>
        </Stack>
      );
    case 'chat':
      return (
        <CustomerChat
          chatId={step.chat.chatId}
          visitorToken={step.chat.visitorToken}
          compact={compact}
          onGone={onGone}
          onNewChat={onNewChat}
        />
      );
  }
}
