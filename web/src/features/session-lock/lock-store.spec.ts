import { jest } from '@jest/globals';
import { createLockStore, parseLockMessage, type LockEnvironment, type LockMessage, type LockStore } from './lock-store';

/**
 * One browser with several tabs: a shared local storage, and either a BroadcastChannel (a message
 * reaches every other tab) or, without one, `storage` events (every other tab hears each write).
 */
function browser({ broadcast }: { broadcast: boolean }) {
  const data = new Map<string, string>();
  const tabs: { onMessage?: (data: unknown) => void; onStorage?: (key: string | null, value: string | null) => void }[] = [];
  const sent: LockMessage[] = [];

  const openTab = (): LockStore => {
    const tab: (typeof tabs)[number] = {};
    tabs.push(tab);
    const others = () => tabs.filter((t) => t !== tab);
    const storage = {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => {
        const old = data.get(key) ?? null;
        data.set(key, value);
        if (old !== value) for (const t of others()) t.onStorage?.(key, value);
      },
      removeItem: (key: string) => {
        if (!data.has(key)) return;
        data.delete(key);
        for (const t of others()) t.onStorage?.(key, null);
      },
    };
    const env: LockEnvironment = {
      storage,
      openChannel: broadcast
        ? (onMessage) => {
            tab.onMessage = onMessage;
            return {
              post: (message) => {
                sent.push(message);
                // Structured clone, as the real channel does.
                for (const t of others()) t.onMessage?.(JSON.parse(JSON.stringify(message)));
              },
              close: () => undefined,
            };
          }
        : null,
      listenStorage: (onChange) => {
        tab.onStorage = onChange;
        return () => undefined;
      },
    };
    const store = createLockStore(env);
    store.subscribe(() => undefined);
    return store;
  };
  return { data, sent, openTab };
}

const T0 = Date.UTC(2026, 2, 1, 8, 0, 0);

describe.each([
  ['BroadcastChannel', true],
  ['storage events (no BroadcastChannel)', false],
])('two tabs over %s', (_name, broadcast) => {
  it('shares a lock, then an unlock, with the other tab', () => {
    const { data, openTab } = browser({ broadcast });
    const a = openTab();
    const b = openTab();
    const heard = jest.fn();
    b.subscribe(heard);

    a.lock();
    expect(data.get('muster.locked')).toBe('true');
    expect(b.getState().locked).toBe(true);
    expect(heard).toHaveBeenCalled();

    b.unlock(T0 + 5_000);
    expect(a.getState()).toEqual({ locked: false, failedAttempts: 0 });
    expect(data.has('muster.locked')).toBe(false);
    expect(Number(data.get('muster.lastActivity'))).toBe(T0 + 5_000);
    expect(a.lastActivity()).toBe(T0 + 5_000);
  });

  it('shares activity and failed attempts', () => {
    const { openTab } = browser({ broadcast });
    const a = openTab();
    const b = openTab();
    a.recordActivity(T0);
    expect(b.lastActivity()).toBe(T0);
    a.lock();
    expect(a.registerFailedAttempt()).toBe(1);
    expect(b.getState().failedAttempts).toBe(1);
    // The other tab continues the count rather than starting again.
    expect(b.registerFailedAttempt()).toBe(2);
    expect(a.getState().failedAttempts).toBe(2);
  });

  it('hands a logout in one tab to the other as a clear, which that tab decides on', () => {
    const { data, openTab } = browser({ broadcast });
    const a = openTab();
    const b = openTab();
    const onClear = jest.fn();
    b.onRemoteClear(onClear);
    a.recordActivity(T0);
    a.lock();
    a.registerFailedAttempt();

    a.clear();
    expect(a.getState()).toEqual({ locked: false, failedAttempts: 0 });
    expect([...data.keys()]).toEqual([]);
    expect(onClear).toHaveBeenCalled();
    // Still locked until its own session check says it is signed out.
    expect(b.getState().locked).toBe(true);
    b.forget();
    expect(b.getState()).toEqual({ locked: false, failedAttempts: 0 });
  });

  it('without a clear handler, a clear from another tab clears this one too', () => {
    const { openTab } = browser({ broadcast });
    const a = openTab();
    const b = openTab();
    a.recordActivity(T0);
    a.lock();
    a.clear();
    expect(b.getState().locked).toBe(false);
    expect(b.lastActivity()).toBeNull();
  });
});

describe('one tab', () => {
  it('survives a reload: a new store reads the lock and attempts from storage', () => {
    const { openTab } = browser({ broadcast: true });
    const before = openTab();
    before.lock();
    before.registerFailedAttempt();
    const after = openTab();
    expect(after.getState()).toEqual({ locked: true, failedAttempts: 1 });
  });

  it('records activity at most once per second, and not while locked', () => {
    const { data, sent, openTab } = browser({ broadcast: true });
    const tab = openTab();
    tab.recordActivity(T0);
    tab.recordActivity(T0 + 400);
    tab.recordActivity(T0 + 999);
    expect(Number(data.get('muster.lastActivity'))).toBe(T0);
    tab.recordActivity(T0 + 1_000);
    expect(Number(data.get('muster.lastActivity'))).toBe(T0 + 1_000);
    expect(sent.filter((m) => m.type === 'activity')).toHaveLength(2);

    tab.lock();
    tab.recordActivity(T0 + 60_000);
    tab.recordActivity(T0 + 120_000, { force: true });
    expect(tab.lastActivity()).toBe(T0 + 1_000);
  });

  it('unlocking clears the flag and the attempts and records activity', () => {
    const { data, openTab } = browser({ broadcast: true });
    const tab = openTab();
    tab.recordActivity(T0);
    tab.lock();
    tab.registerFailedAttempt();
    tab.unlock(T0 + 90_000);
    expect(tab.getState()).toEqual({ locked: false, failedAttempts: 0 });
    expect(data.get('muster.locked')).toBeUndefined();
    expect(data.get('muster.unlockAttempts')).toBeUndefined();
    expect(tab.lastActivity()).toBe(T0 + 90_000);
  });

  it('sync picks up a lock it missed, but never lifts one', () => {
    const { data, openTab } = browser({ broadcast: true });
    const tab = openTab();
    data.set('muster.locked', 'true');
    data.set('muster.unlockAttempts', '2');
    tab.sync();
    expect(tab.getState()).toEqual({ locked: true, failedAttempts: 2 });
    data.delete('muster.locked');
    tab.sync();
    expect(tab.getState().locked).toBe(true);
  });

  it('keeps working when storage throws', () => {
    const failing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    const store = createLockStore({ storage: failing, openChannel: null, listenStorage: () => () => undefined });
    store.recordActivity(T0);
    expect(store.lastActivity()).toBe(T0);
    store.lock();
    expect(store.getState().locked).toBe(true);
    store.clear();
    expect(store.getState().locked).toBe(false);
  });
});

describe('parseLockMessage', () => {
  it('accepts the messages of the protocol only', () => {
    expect(parseLockMessage({ type: 'lock' })).toEqual({ type: 'lock' });
    expect(parseLockMessage({ type: 'unlock', at: T0 })).toEqual({ type: 'unlock', at: T0 });
    expect(parseLockMessage({ type: 'attempts', count: 2 })).toEqual({ type: 'attempts', count: 2 });
    expect(parseLockMessage({ type: 'activity', at: 'soon' })).toBeNull();
    expect(parseLockMessage({ type: 'attempts', count: -1 })).toBeNull();
    expect(parseLockMessage({ type: 'other' })).toBeNull();
    expect(parseLockMessage('lock')).toBeNull();
    expect(parseLockMessage(null)).toBeNull();
  });
});
