import { type ChatSystemEvent } from '@muster/contracts';
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
