import { PRODUCT_CODE } from '@muster/contracts';

/**
 * The customer's open chat in this browser (localStorage, shared by its tabs), so a reload or another
 * tab resumes it. A member's chat also follows them to other browsers and devices: the help desk
 * asks the server for their open chat.
 */
export interface StoredChat {
  chatId: string;
  /** Visitors only: proves the visitor owns the chat. */
  visitorToken: string | null;
}

export const CHAT_STORAGE_KEY = `${PRODUCT_CODE}.liveChat`;

export function readStoredChat(): StoredChat | null {
  try {
    const raw = localStorage.getItem(CHAT_STORAGE_KEY);
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
    localStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify(chat));
  } catch {
    // Storage refused (private mode quota): the chat still works until the tab reloads.
  }
}

export function forgetStoredChat(): void {
  try {
    localStorage.removeItem(CHAT_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

/** Calls `onChange` when another tab of this browser stores or forgets the chat. Returns the unsubscribe. */
export function onStoredChatChange(onChange: (chat: StoredChat | null) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === CHAT_STORAGE_KEY) onChange(readStoredChat());
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
