import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { chatMessage, chatSummary, CHAT_ID, createWrapper, FakeSocket } from './test-support';

// The one socket of the page is a Socket.IO client: the test stands in for it (and so for the server).
const fake = new FakeSocket();
jest.unstable_mockModule('socket.io-client', () => ({ io: () => fake }));

const { useChatSocket } = await import('./useChatSocket');
const { ChatConversation } = await import('./ChatConversation');
const { getSocket } = await import('../../lib/socket');

configure({ asyncUtilTimeout: 5_000 });

function CustomerHarness() {
  const live = useChatSocket({ chatId: CHAT_ID, visitorToken: 'visitor-token', side: 'customer' });
  return <ChatConversation live={live} side="customer" visitorToken="visitor-token" />;
}

let Wrapper: ReturnType<typeof createWrapper>;
beforeAll(() => {
  Wrapper = createWrapper();
});
beforeEach(() => {
  // getSocket() keeps its socket for the page: reuse one fake and clear what it recorded.
  fake.connected = true;
  fake.emitted.length = 0;
  getSocket();
});
afterEach(cleanup);

/** The server's answer to the latest chat:subscribe. */
function answerSubscribe(messages = [chatMessage(1, 'one')], chat = chatSummary()) {
  const subscribe = fake.last('chat:subscribe');
  expect(subscribe?.payload).toEqual({ chatId: CHAT_ID, visitorToken: 'visitor-token' });
  act(() => subscribe!.ack!({ ok: true, chat, messages }));
}

const bodies = () => screen.queryAllByTestId('chat-message').map((el) => el.textContent);

describe('the chat conversation', () => {
  it('subscribes on mount, shows messages in seq order and keeps one copy of each', async () => {
    render(<CustomerHarness />, { wrapper: Wrapper });
    answerSubscribe([chatMessage(3, 'three'), chatMessage(1, 'one')]);
    await screen.findByText('three');
    expect(bodies()).toEqual(['one', 'three']);

    act(() => {
      fake.fire('chat:message', chatMessage(2, 'two', { kind: 'operator', sender: { id: null, name: 'Olivia' } }));
      fake.fire('chat:message', chatMessage(3, 'three'));
      fake.fire('chat:message', chatMessage(2, 'two', { kind: 'operator', sender: { id: null, name: 'Olivia' } }));
    });
    expect(bodies()).toEqual(['one', 'Oliviatwo', 'three']);
    // A message of another chat is not this one's.
    act(() => fake.fire('chat:message', chatMessage(4, 'elsewhere', { chatId: '9b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d' })));
    expect(screen.queryByText('elsewhere')).toBeNull();
  });

  it('knows the socket connected between its first render and its effect, though no connect event was heard', async () => {
    let reads = 0;
    // False when the first render reads it, true from the effect on: the connection came in between.
    Object.defineProperty(fake, 'connected', { configurable: true, get: () => reads++ > 0, set: () => undefined });
    try {
      render(<CustomerHarness />, { wrapper: Wrapper });
      answerSubscribe();
      await screen.findByText('one');
      expect(screen.queryByTestId('chat-offline')).toBeNull();
    } finally {
      Object.defineProperty(fake, 'connected', { configurable: true, enumerable: true, writable: true, value: true });
    }
  });

  it('replaces its state with the server answer on every reconnection', async () => {
    render(<CustomerHarness />, { wrapper: Wrapper });
    answerSubscribe([chatMessage(1, 'one')]);
    await screen.findByText('one');
    act(() => {
      fake.connected = false;
      fake.fire('disconnect');
    });
    expect(screen.getByTestId('chat-offline')).toBeTruthy();
    act(() => {
      fake.connected = true;
      fake.fire('connect');
    });
    answerSubscribe([chatMessage(1, 'one'), chatMessage(2, 'missed while away')]);
    expect(bodies()).toEqual(['one', 'missed while away']);
    expect(screen.queryByTestId('chat-offline')).toBeNull();
  });

  it('shows a sent message at once, and retries a refused one with the same clientId', async () => {
    render(<CustomerHarness />, { wrapper: Wrapper });
    answerSubscribe();
    const input = await screen.findByTestId('chat-input');
    fireEvent.change(input, { target: { value: 'Is anyone there?' } });
    fireEvent.keyDown(input, { key: 'Enter' });

    const first = fake.last('chat:send')!;
    const { clientId } = first.payload as { clientId: string };
    expect(first.payload).toEqual({ chatId: CHAT_ID, clientId, body: 'Is anyone there?' });
    const pending = screen.getByTestId('chat-outgoing');
    expect(pending.dataset.state).toBe('sending');
    expect(within(pending).getByText('Sending…')).toBeTruthy();

    act(() => first.ack!({ ok: false, code: 'CHAT_CLOSED', reason: 'chat.closed', params: {}, message: 'This chat has ended' }));
    expect(screen.getByTestId('chat-outgoing').dataset.state).toBe('failed');
    expect(screen.getByText('Not sent: This chat has ended')).toBeTruthy();

    fireEvent.click(screen.getByTestId('chat-retry'));
    const second = fake.last('chat:send')!;
    expect(second).not.toBe(first);
    expect((second.payload as { clientId: string }).clientId).toBe(clientId);
    expect(screen.getByTestId('chat-outgoing').dataset.state).toBe('sending');

    act(() => second.ack!({ ok: true, message: chatMessage(2, 'Is anyone there?', { clientId }) }));
    expect(screen.queryByTestId('chat-outgoing')).toBeNull();
    // The live event of the same message changes nothing.
    act(() => fake.fire('chat:message', chatMessage(2, 'Is anyone there?', { clientId })));
    expect(bodies()).toEqual(['one', 'Is anyone there?']);
  });

  it('queues a message while disconnected and sends it, same clientId, after the resync', async () => {
    render(<CustomerHarness />, { wrapper: Wrapper });
    answerSubscribe();
    const input = await screen.findByTestId('chat-input');
    act(() => {
      fake.connected = false;
      fake.fire('disconnect');
    });
    fireEvent.change(input, { target: { value: 'Written offline' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    expect(fake.sent('chat:send')).toHaveLength(0);
    expect(screen.getByTestId('chat-outgoing').dataset.state).toBe('queued');

    act(() => {
      fake.connected = true;
      fake.fire('connect');
    });
    answerSubscribe();
    const sends = fake.sent('chat:send');
    expect(sends).toHaveLength(1);
    expect(sends[0]!.payload).toMatchObject({ body: 'Written offline' });
  });

  it('shows the operator typing and the read receipt under my last message', async () => {
    render(<CustomerHarness />, { wrapper: Wrapper });
    answerSubscribe([chatMessage(1, 'one'), chatMessage(2, 'two')], chatSummary({ lastSeq: 2, operatorReadSeq: 1 }));
    await screen.findByText('two');
    expect(screen.queryByTestId('chat-read-receipt')).toBeNull();
    act(() => fake.fire('chat:typing', { chatId: CHAT_ID, side: 'operator', name: 'Olivia Operator', typing: true }));
    expect(screen.getByTestId('chat-typing').textContent).toBe('Olivia Operator is typing…');
    act(() => fake.fire('chat:read', { chatId: CHAT_ID, side: 'operator', seq: 2 }));
    expect(screen.getByTestId('chat-read-receipt').textContent).toContain('Read');
    act(() => fake.fire('chat:typing', { chatId: CHAT_ID, side: 'operator', name: 'Olivia Operator', typing: false }));
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    // It said what it has read, up to the highest seq.
    expect(fake.last('chat:read')?.payload).toEqual({ chatId: CHAT_ID, seq: 2 });
  });
});
