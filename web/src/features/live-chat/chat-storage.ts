import { PRODUCT_CODE } from '@muster/contracts';

/** The customer's open chat in this browser tab, so a reload resumes it. */
export interface StoredChat {
  chatId: string;
  /** Visitors only: proves the visitor owns the chat. */
  visitorToken: string | null;
}

export const CHAT_STORAGE_KEY = `${PRODUCT_CODE}.liveChat`;

export function readStoredChat(): StoredChat | null {
  try {
    const raw = sessionStorage.getItem(CHAT_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredChat>;
    if (typeof parsed.chatId !== 'string') return null;
    return { chatId: parsed.chatId, visitorToken: typeof parsed.visitorToken === 'string' ? parsed.visitorToken : null };
  } catch {
    return null;
  }
}

export function storeChat(chat: StoredChat): void {
  try {
    sessionStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify(chat));
  } catch {
    // Storage refused (private mode quota): the chat still works until the tab reloads.
  }
}

export function forgetStoredChat(): void {
  try {
    sessionStorage.removeItem(CHAT_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
