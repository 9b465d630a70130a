import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ChakraProvider } from '@chakra-ui/react';
import type { ChatMessage, ChatSummary } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { addAllRecipes } from '../../components/ui/all-recipes';
import { system } from '../../components/ui/system';

const locale = (ns: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/locales/en/${ns}.json`, import.meta.url)), 'utf8')) as object;

/** English texts of the chat screens, Chakra with every recipe, and a fresh query client. */
export function createWrapper() {
  addAllRecipes();
  // jsdom has no ResizeObserver (the composer's auto-growing textarea watches its size).
  if (!('ResizeObserver' in globalThis))
    Object.assign(globalThis, {
      ResizeObserver: class {
        observe(): void {}
        unobserve(): void {}
        disconnect(): void {}
      },
    });
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { common: locale('common'), errors: locale('errors'), chat: locale('chat'), helpdesk: locale('helpdesk') } },
    ns: ['common', 'errors', 'chat', 'helpdesk'],
    defaultNS: 'common',
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <I18nextProvider i18n={i18n}>
        <ChakraProvider value={system}>
          <QueryClientProvider client={client}>{children}</QueryClientProvider>
        </ChakraProvider>
      </I18nextProvider>
    );
  };
}

export const CHAT_ID = '5b1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
const OPERATOR = { id: '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', name: 'Olivia Operator' };

export function chatSummary(overrides: Partial<ChatSummary> = {}): ChatSummary {
  return {
    id: CHAT_ID,
    status: 'active',
    customer: { kind: 'visitor', userId: null, name: 'Vera Visitor', email: 'vera@example.com', organizationName: null },
    operator: OPERATOR,
    subject: 'My drill will not start',
    language: 'en',
    createdAt: '2026-11-23T10:00:00.000Z',
    assignedAt: '2026-11-23T10:00:05.000Z',
    firstResponseAt: null,
    closedAt: null,
    closedReason: null,
    lastMessageAt: '2026-11-23T10:01:00.000Z',
    lastSeq: 3,
    customerReadSeq: 0,
    operatorReadSeq: 0,
    rating: null,
    ratingComment: null,
    ticketId: null,
    ...overrides,
  };
}

export function chatMessage(seq: number, body: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    chatId: CHAT_ID,
    seq,
    clientId: null,
    kind: 'customer',
    sender: { id: null, name: 'Vera Visitor' },
    body,
    attachment: null,
    event: null,
    createdAt: `2026-11-23T10:0${seq}:00.000Z`,
    ...overrides,
  };
}

type Listener = (...args: unknown[]) => void;

/** What the chat code uses of a Socket.IO client socket, driven by the test. */
export class FakeSocket {
  connected = true;
  recovered = false;
  readonly emitted: { event: string; payload: unknown; ack?: (answer: unknown) => void }[] = [];
  private readonly listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  emit(event: string, payload: unknown, ack?: (answer: unknown) => void): this {
    this.emitted.push({ event, payload, ack });
    return this;
  }
  /** `socket.timeout(ms).emit(…, (err, answer) => …)`: the test answers through `ack(answer)`. */
  timeout(_ms: number) {
    return {
      emit: (event: string, payload: unknown, ack: (err: Error | null, answer?: unknown) => void) => {
        this.emitted.push({ event, payload, ack: (answer: unknown) => ack(null, answer) });
      },
    };
  }
  /** The server pushes an event (or the connection changes). */
  fire(event: string, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }
  sent(event: string) {
    return this.emitted.filter((e) => e.event === event);
  }
  last(event: string) {
    const all = this.sent(event);
    return all[all.length - 1];
  }
}
