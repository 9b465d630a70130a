import { describe, expect, it } from '@jest/globals';
import { valueStore } from './value-store';

describe('valueStore', () => {
  it('tells its listeners of a change, not of the same value again, and no longer once unsubscribed', () => {
    const store = valueStore<boolean | null>(null);
    const heard: (boolean | null)[] = [];
    const unsubscribe = store.subscribe(() => heard.push(store.get()));
    store.set(true);
    store.set(true);
    store.set(false);
    unsubscribe();
    store.set(true);
    expect(heard).toEqual([true, false]);
    expect(store.get()).toBe(true);
  });
});
