import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  type AckError,
  type ChatAttachment,
  type ChatMessage,
  type ChatSummary,
} from '@muster/contracts';

/** A message this tab sent that the server has not acknowledged yet. */
export interface OutgoingMessage {
  /** Client-generated id: a retry sends the same one, so the server stores the message once. */
  clientId: string;
  body: string;
  attachment: ChatAttachment | null;
  /** queued: waiting for the connection; sending: emitted, no answer yet; failed: refused or timed out. */
  state: 'queued' | 'sending' | 'failed';
  /** The server's refusal (or a timeout), for `failed`. */
  error: AckError | null;
  createdAt: string;
}

/**
 * Stored messages merged with newly received ones: one per id (the newest copy wins), in `seq`
 * order. Events can arrive twice (a resync answer and a live event) and out of order.
 */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<string, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** Outgoing messages the server has not stored yet (a stored copy carries the same clientId). */
export function unsent(outbox: readonly OutgoingMessage[], stored: readonly ChatMessage[]): OutgoingMessage[] {
  const storedIds = new Set(stored.map((m) => m.clientId).filter(Boolean));
  return outbox.filter((m) => !storedIds.has(m.clientId));
}

export type ChatSide = 'customer' | 'operator';

/** Highest seq the other side has read (read receipts). */
export function readByOtherSide(chat: ChatSummary, side: ChatSide): number {
  return side === 'customer' ? chat.operatorReadSeq : chat.customerReadSeq;
}

/** The seq of the last message written by `side`, or null. */
export function lastOwnSeq(messages: readonly ChatMessage[], side: ChatSide): number | null {
  for (let i = messages.length - 1; i >= 0; i -= 1) if (messages[i]!.kind === side) return messages[i]!.seq;
  return null;
}

/** Merges a read event or a newer summary's read marks without ever going back. */
export function withRead(chat: ChatSummary, side: ChatSide, seq: number): ChatSummary {
  return side === 'customer'
    ? { ...chat, customerReadSeq: Math.max(chat.customerReadSeq, seq) }
    : { ...chat, operatorReadSeq: Math.max(chat.operatorReadSeq, seq) };
}

/** Unread messages of an operator's chat: everything after what the operator has read. */
export function unreadCount(chat: ChatSummary): number {
  return Math.max(0, chat.lastSeq - chat.operatorReadSeq);
}

/** Why a file cannot be sent, or null when it can (the server checks its content again). */
export function attachmentProblem(file: { type: string; size: number }): 'type' | 'size' | null {
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return 'type';
  if (file.size > ATTACHMENT_MAX_BYTES) return 'size';
  return null;
}
