import type { ChatAttachment, ChatMessage, ChatSummary } from '@muster/contracts';
import type { ChatAttachmentRow } from './entities/chat-attachment.entity.js';
import type { ChatMessageRow } from './entities/chat-message.entity.js';
import type { Chat } from './entities/chat.entity.js';

/** The chat as clients see it. */
export function summaryOf(chat: Chat): ChatSummary {
  return {
    id: chat.id,
    status: chat.status,
    customer: {
      kind: chat.customerUserId ? 'member' : 'visitor',
      userId: chat.customerUserId,
      name: chat.customerName,
      email: chat.customerEmail,
      organizationName: chat.orgName,
    },
    operator: chat.operatorUserId ? { id: chat.operatorUserId, name: chat.operatorName ?? '' } : null,
    subject: chat.subject,
    language: chat.language,
    createdAt: chat.createdAt.toISOString(),
    assignedAt: chat.assignedAt?.toISOString() ?? null,
    firstResponseAt: chat.firstResponseAt?.toISOString() ?? null,
    closedAt: chat.closedAt?.toISOString() ?? null,
    closedReason: chat.closedReason,
    lastMessageAt: chat.lastMessageAt.toISOString(),
    lastSeq: chat.lastSeq,
    customerReadSeq: chat.customerReadSeq,
    operatorReadSeq: chat.operatorReadSeq,
    rating: chat.rating,
    ratingComment: chat.ratingComment,
    ticketId: chat.ticketId,
  };
}

export function attachmentOf(row: ChatAttachmentRow): ChatAttachment {
  return { id: row.id, filename: row.filename, contentType: row.contentType, size: row.size };
}

export function messageOf(row: ChatMessageRow, attachment: ChatAttachmentRow | null | undefined): ChatMessage {
  return {
    id: row.id,
    chatId: row.chatId,
    seq: row.seq,
    clientId: row.clientId,
    kind: row.kind,
    sender: { id: row.senderUserId, name: row.senderName },
    body: row.body,
    attachment: attachment ? attachmentOf(attachment) : null,
    event: row.event,
    createdAt: row.createdAt.toISOString(),
  };
}
