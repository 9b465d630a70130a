import { TextDecoder, TextEncoder } from 'node:util';
import { afterEach, describe, expect, it } from '@jest/globals';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';

// React Router needs them; jsdom has neither.
Object.assign(globalThis, { TextEncoder, TextDecoder });
const { BrowserRouter, MemoryRouter, useSearchParams } = await import('react-router-dom');
const { useLatestSearchParams } = await import('./useLatestSearchParams');

/** Two filters changed one after the other, before the page renders the first (as a quick user does). */
function clearTagThenPickRule(update: (change: (latest: URLSearchParams) => URLSearchParams) => void) {
  act(() => {
    update((latest) => {
      latest.delete('tag');
      return latest;
    });
    update((latest) => {
      latest.set('rule', 'r1');
      return latest;
    });
  });
}

describe('useLatestSearchParams', () => {
  afterEach(() => {
    cleanup();
    window.history.replaceState(null, '', '/');
  });

  const browser = ({ children }: { children: ReactNode }) => <BrowserRouter>{children}</BrowserRouter>;

  it('starts each update from the address as it is now, so a second quick change keeps the first', () => {
    window.history.replaceState(null, '', '/app/compliance/documents?tag=fire');
    const { result } = renderHook(() => useLatestSearchParams(), { wrapper: browser });
    clearTagThenPickRule(result.current[1]);
    expect(window.location.search).toBe('?rule=r1');
    expect(result.current[0].toString()).toBe('rule=r1');
  });

  it('is needed: useSearchParams starts from the last render and brings the cleared tag back', () => {
    window.history.replaceState(null, '', '/app/compliance/documents?tag=fire');
    const { result } = renderHook(() => useSearchParams(), { wrapper: browser });
    clearTagThenPickRule((change) => result.current[1]((rendered) => change(new URLSearchParams(rendered))));
    expect(window.location.search).toBe('?tag=fire&rule=r1');
  });

  it("under a memory router, starts from the router's parameters", () => {
    const memory = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/app/compliance/documents?tag=fire&q=pump']}>{children}</MemoryRouter>
    );
    const { result } = renderHook(() => useLatestSearchParams(), { wrapper: memory });
    act(() =>
      result.current[1]((latest) => {
        latest.delete('tag');
        return latest;
      }),
    );
    expect(result.current[0].toString()).toBe('q=pump');
  });
});
