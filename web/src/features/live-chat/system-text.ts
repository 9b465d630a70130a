import { ATTACHMENT_MESSAGES, CHAT_MESSAGES, type ChatSystemEvent } from '@muster/contracts';
import type { TFunction } from 'i18next';
import type { ChatSide } from './messages';

/** The sentence a system message stands for, in the reader's language. */
export function systemText(t: TFunction, event: ChatSystemEvent, side: ChatSide): string {
  switch (event.type) {
    case 'assigned':
      return t('chat:system.assigned', { name: event.operator.name });
    case 'transferred':
      return side === 'operator' && event.note
        ? t('chat:system.transferredNote', { from: event.from.name, to: event.to.name, note: event.note })
        : t('chat:system.transferred', { from: event.from.name, to: event.to.name });
    case 'closed':
      return t(`chat:system.closed.${event.by}`);
  }
}

/** The server's chat messages (CHAT_MESSAGES) in the reader's language; other texts as they are. */
export function chatErrorText(t: TFunction, message: string | null | undefined): string {
  if (!message) return t('chat:errors.unexpected');
  const key = (Object.keys(CHAT_MESSAGES) as (keyof typeof CHAT_MESSAGES)[]).find((k) => CHAT_MESSAGES[k] === message);
  if (key) return t(`chat:errors.${key}`);
  const fileKey = (Object.keys(ATTACHMENT_MESSAGES) as (keyof typeof ATTACHMENT_MESSAGES)[]).find(
    (k) => ATTACHMENT_MESSAGES[k] === message,
  );
  return fileKey ? t(`chat:errors.attachment.${fileKey}`) : message;
}
