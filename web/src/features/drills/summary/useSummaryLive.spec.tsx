import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FakeConsoleSocket } from './fake-socket';

// The page's one socket is a Socket.IO client: the test stands in for it (and for the server).
const fake = new FakeConsoleSocket();
jest.unstable_mockModule('socket.io-client', () => ({ io: () => fake }));

const { useSummaryLive } = await import('./useSummaryLive');
const { drillKeys } = await import('../api');
const { getSocket } = await import('../../../lib/socket');

const RUN = '7d3c2b1a-0f9e-4d8c-9b7a-6f5e4d3c2b1a';
const OTHER = '8d3c2b1a-0f9e-4d8c-9b7a-6f5e4d3c2b1a';

let client: QueryClient;
let invalidated: unknown[][];

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

beforeEach(() => {
  fake.reset();
  getSocket();
  client = new QueryClient();
  invalidated = [];
  const invalidate = client.invalidateQueries.bind(client);
  client.invalidateQueries = (filters) => {
    invalidated.push([...(filters?.queryKey ?? [])]);
    return invalidate(filters);
  };
});
afterEach(cleanup);

describe('useSummaryLive', () => {
  it('joins the run room on mount and leaves it on unmount', () => {
    const { unmount } = renderHook(() => useSummaryLive(RUN), { wrapper });
    expect(fake.sent('console:subscribe').map((e) => e.payload)).toEqual([{ runId: RUN }]);
    unmount();
    expect(fake.sent('console:unsubscribe').map((e) => e.payload)).toEqual([{ runId: RUN }]);
  });

  it('waits for the connection when the socket is not connected yet, then joins', () => {
    fake.connected = false;
    renderHook(() => useSummaryLive(RUN), { wrapper });
    expect(fake.sent('console:subscribe')).toHaveLength(0);
    act(() => {
      fake.connected = true;
      fake.fire('connect');
    });
    expect(fake.sent('console:subscribe')).toHaveLength(1);
  });

  it('refreshes the summary and the run on any console event of this run, not of another', () => {
    renderHook(() => useSummaryLive(RUN), { wrapper });
    act(() => fake.fire('console:observation-added', { runId: OTHER }));
    expect(invalidated).toEqual([]);
    for (const event of [
      'console:state-changed',
      'console:timer',
      'console:step-updated',
      'console:inject-published',
      'console:observation-added',
      'console:attendance-updated',
    ]) {
      invalidated = [];
      act(() => fake.fire(event, { runId: RUN }));
      expect({ event, invalidated }).toEqual({ event, invalidated: [[...drillKeys.summary(RUN)], [...drillKeys.run(RUN)]] });
    }
  });

  it('joins again on every reconnection and reads the summary again, since changes may have been missed', async () => {
    renderHook(() => useSummaryLive(RUN), { wrapper });
    await act(async () => {
      fake.answerAll({ ok: true, state: {} });
      await Promise.resolve();
    });
    expect(invalidated).toEqual([]);
    act(() => {
      fake.connected = false;
      fake.fire('disconnect');
    });
    await act(async () => {
      fake.connected = true;
      fake.fire('connect');
      fake.answerAll({ ok: true, state: {} });
      await Promise.resolve();
    });
    expect(fake.sent('console:subscribe')).toHaveLength(2);
    expect(invalidated).toContainEqual([...drillKeys.summary(RUN)]);
  });
});
