import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '@muster/contracts';
import { ACTIVITY_THROTTLE_MS, SESSION_CHANNEL_NAME, UNLOCK_ATTEMPTS_STORAGE_KEY } from './lock-machine';

/** What the overlay reads: the lock and the failed unlock attempts. */
export interface LockState {
  locked: boolean;
  failedAttempts: number;
}

/** Messages between the tabs of one browser. */
export type LockMessage =
  | { type: 'lock' }
  | { type: 'unlock'; at: number }
  | { type: 'activity'; at: number }
  | { type: 'attempts'; count: number }
  /** The lock was cleared by a logout: the receiver checks whether it is still signed in. */
  | { type: 'clear' };

export type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface LockChannel {
  post(message: LockMessage): void;
  close(): void;
}

/** Where the store keeps and sends its state; the browser's by default, fakes in unit tests. */
export interface LockEnvironment {
  storage: StorageLike | null;
  /** Opens the cross-tab channel, or null when BroadcastChannel is missing. */
  openChannel: ((onMessage: (data: unknown) => void) => LockChannel) | null;
  /** The fallback without BroadcastChannel: `storage` events of other tabs (key null = cleared). */
  listenStorage: (onChange: (key: string | null, newValue: string | null) => void) => () => void;
}

const KEYS = {
  locked: STORAGE_KEYS.locked,
  lastActivity: STORAGE_KEYS.lastActivity,
  attempts: UNLOCK_ATTEMPTS_STORAGE_KEY,
} as const;

function parseTime(value: string | null | undefined): number | null {
  if (value == null || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
}

function parseCount(value: string | null | undefined): number {
  const n = Number(value ?? 0);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

/** A message from another tab, checked: anything else on the channel is ignored. */
export function parseLockMessage(data: unknown): LockMessage | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
  switch (m.type) {
    case 'lock':
    case 'clear':
      return { type: m.type };
    case 'unlock':
    case 'activity':
      return finite(m.at) ? { type: m.type, at: m.at } : null;
    case 'attempts':
      return finite(m.count) && m.count >= 0 ? { type: 'attempts', count: Math.floor(m.count) } : null;
    default:
      return null;
  }
}

export interface LockStore {
  subscribe: (listener: () => void) => () => void;
  getState: () => LockState;
  /** The last recorded activity of any tab (ms since the epoch), or null when none is recorded. */
  lastActivity: () => number | null;
  /**
   * Reads the shared flag and attempts again, in case a message was missed (a frozen tab). It only
   * ever locks: a lock is lifted by the password or by signing out, never by a missing flag.
   */
  sync: () => void;
  /** Records activity, at most once per second unless forced; ignored while locked. */
  recordActivity: (now: number, options?: { force?: boolean }) => void;
  lock: () => void;
  /** After the right password: the flag and the attempts cleared, activity recorded. */
  unlock: (now: number) => void;
  /** Counts one failed unlock attempt for every tab; answers the new count. */
  registerFailedAttempt: () => number;
  /** Logging out: lock, attempts and activity forgotten here and in the other tabs. */
  clear: () => void;
  /** Signed out (seen by this tab itself): the same as `clear`, without telling the other tabs. */
  forget: () => void;
  /** Called when another tab cleared the lock; the handler decides what this tab does. */
  onRemoteClear: (handler: () => void) => () => void;
}

/** The lock state, kept in local storage and shared with the other tabs of the browser. */
export function createLockStore(env: LockEnvironment): LockStore {
  const read = (key: string): string | null => {
    try {
      return env.storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null): void => {
    try {
      if (value === null) env.storage?.removeItem(key);
      else env.storage?.setItem(key, value);
    } catch {
      // Storage unavailable (private mode, quota): the state still holds for this tab.
    }
  };

  let state: LockState = { locked: read(KEYS.locked) === 'true', failedAttempts: parseCount(read(KEYS.attempts)) };
  let memoryActivity: number | null = parseTime(read(KEYS.lastActivity));
  let lastWrite = Number.NEGATIVE_INFINITY;
  const listeners = new Set<() => void>();
  const clearHandlers = new Set<() => void>();
  let channel: LockChannel | null = null;
  let connected = false;

  const setState = (next: Partial<LockState>) => {
    const merged = { ...state, ...next };
    if (merged.locked === state.locked && merged.failedAttempts === state.failedAttempts) return;
    state = merged;
    for (const listener of [...listeners]) listener();
  };

  const resetLocal = () => {
    memoryActivity = null;
    lastWrite = Number.NEGATIVE_INFINITY;
    setState({ locked: false, failedAttempts: 0 });
  };

  const remoteClear = () => {
    if (clearHandlers.size === 0) resetLocal();
    else for (const handler of [...clearHandlers]) handler();
  };

  const receive = (message: LockMessage) => {
    switch (message.type) {
      case 'lock':
        setState({ locked: true });
        break;
      case 'unlock':
        memoryActivity = Math.max(memoryActivity ?? 0, message.at);
        setState({ locked: false, failedAttempts: 0 });
        break;
      case 'activity':
        memoryActivity = Math.max(memoryActivity ?? 0, message.at);
        break;
      case 'attempts':
        setState({ failedAttempts: message.count });
        break;
      case 'clear':
        remoteClear();
        break;
    }
  };

  /** Without BroadcastChannel the writes of the other tabs arrive as `storage` events. */
  const receiveStorage = (key: string | null, value: string | null) => {
    if (key === null) {
      remoteClear();
    } else if (key === KEYS.locked) {
      if (value === 'true') {
        receive({ type: 'lock' });
      } else {
        // An unlock writes the activity first; a clear removes it first (and is handled below).
        const at = parseTime(read(KEYS.lastActivity));
        if (at !== null) receive({ type: 'unlock', at });
      }
    } else if (key === KEYS.lastActivity) {
      const at = parseTime(value);
      if (at === null) remoteClear();
      else receive({ type: 'activity', at });
    } else if (key === KEYS.attempts && value !== null) {
      receive({ type: 'attempts', count: parseCount(value) });
    }
  };

  const connect = () => {
    if (connected) return;
    connected = true;
    if (env.openChannel) {
      try {
        channel = env.openChannel((data) => {
          const message = parseLockMessage(data);
          if (message) receive(message);
        });
        return;
      } catch {
        channel = null;
      }
    }
    env.listenStorage(receiveStorage);
  };

  const post = (message: LockMessage) => {
    connect();
    try {
      channel?.post(message);
    } catch {
      // A closed channel: the other tabs still read local storage on their next check.
    }
  };

  const store: LockStore = {
    subscribe: (listener) => {
      connect();
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getState: () => state,
    lastActivity: () => {
      const stored = parseTime(read(KEYS.lastActivity));
      if (stored === null) return memoryActivity;
      return memoryActivity === null ? stored : Math.max(stored, memoryActivity);
    },
    sync: () => {
      const attempts = parseCount(read(KEYS.attempts));
      if (read(KEYS.locked) === 'true') setState({ locked: true, failedAttempts: Math.max(state.failedAttempts, attempts) });
    },
    recordActivity: (now, options) => {
      if (state.locked) return;
      if (!options?.force && now - lastWrite < ACTIVITY_THROTTLE_MS && now >= lastWrite) return;
      lastWrite = now;
      memoryActivity = now;
      write(KEYS.lastActivity, String(now));
      post({ type: 'activity', at: now });
    },
    lock: () => {
      if (state.locked) return;
      write(KEYS.locked, 'true');
      setState({ locked: true });
      post({ type: 'lock' });
    },
    unlock: (now) => {
      lastWrite = now;
      memoryActivity = now;
      // Activity first, so a tab reading `storage` events sees an unlock, not a clear.
      write(KEYS.lastActivity, String(now));
      write(KEYS.attempts, null);
      write(KEYS.locked, null);
      setState({ locked: false, failedAttempts: 0 });
      post({ type: 'unlock', at: now });
    },
    registerFailedAttempt: () => {
      const count = Math.max(state.failedAttempts, parseCount(read(KEYS.attempts))) + 1;
      write(KEYS.attempts, String(count));
      setState({ failedAttempts: count });
      post({ type: 'attempts', count });
      return count;
    },
    clear: () => {
      // Activity first, so a tab reading `storage` events sees a clear, not an unlock.
      write(KEYS.lastActivity, null);
      write(KEYS.attempts, null);
      write(KEYS.locked, null);
      resetLocal();
      post({ type: 'clear' });
    },
    forget: () => {
      write(KEYS.lastActivity, null);
      write(KEYS.attempts, null);
      write(KEYS.locked, null);
      resetLocal();
    },
    onRemoteClear: (handler) => {
      connect();
      clearHandlers.add(handler);
      return () => clearHandlers.delete(handler);
    },
  };
  return store;
}

function browserStorage(): StorageLike | null {
  try {
    return typeof window !== 'undefined' ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** The browser: local storage, BroadcastChannel when there is one, `storage` events otherwise. */
export function browserLockEnvironment(): LockEnvironment {
  return {
    storage: browserStorage(),
    openChannel:
      typeof BroadcastChannel === 'function'
        ? (onMessage) => {
            const bc = new BroadcastChannel(SESSION_CHANNEL_NAME);
            bc.onmessage = (event: MessageEvent<unknown>) => onMessage(event.data);
            return { post: (message) => bc.postMessage(message), close: () => bc.close() };
          }
        : null,
    listenStorage: (onChange) => {
      if (typeof window === 'undefined') return () => undefined;
      const handler = (event: StorageEvent) => {
        if (event.storageArea === null || event.storageArea === window.localStorage) onChange(event.key, event.newValue);
      };
      window.addEventListener('storage', handler);
      return () => window.removeEventListener('storage', handler);
    },
  };
}

/** The one lock store of the page. */
export const sessionLockStore: LockStore = createLockStore(browserLockEnvironment());

/** The lock and the failed attempts, following every change (here and in the other tabs). */
export function useLockState(): LockState {
  return useSyncExternalStore(sessionLockStore.subscribe, sessionLockStore.getState, sessionLockStore.getState);
}

/**
 * Clears the session lock (and its activity and attempts) in this tab and the other tabs. Every
 * logout calls it; the lock also clears by itself when the session turns signed out.
 */
export function clearSessionLock(): void {
  sessionLockStore.clear();
}
