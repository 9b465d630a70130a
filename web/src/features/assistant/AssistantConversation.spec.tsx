import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TextDecoder, TextEncoder } from 'node:util';
import { beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import type { AssistantAnswer } from '@muster/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, within } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { system } from '../../components/ui/system';
import { fakeResponse } from '../../lib/fake-response';

// jsdom has no TextEncoder, which React Router needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });
let AssistantConversation: typeof import('./AssistantConversation').AssistantConversation;
let MemoryRouter: typeof import('react-router-dom').MemoryRouter;

const locale = (ns: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/locales/en/${ns}.json`, import.meta.url)), 'utf8')) as object;
const i18n = createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { common: locale('common'), assistant: locale('assistant') } },
  ns: ['common', 'assistant'],
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
});

configure({ asyncUtilTimeout: 5_000 });

const ARTICLE_ID = '5b0f3c1e-8f0a-4a53-9d52-2f5a8c1d9e10';
let answers: { status: number; body: unknown }[];
let asked: unknown[];

const response = fakeResponse;

beforeAll(async () => {
  ({ AssistantConversation } = await import('./AssistantConversation'));
  ({ MemoryRouter } = await import('react-router-dom'));
});

beforeEach(() => {
  cleanup();
  answers = [];
  asked = [];
  document.cookie = 'muster.csrf=test-token';
  globalThis.fetch = jest.fn((input: string, init?: RequestInit) => {
    if (input === '/api/app-config')
      return Promise.resolve(response({ productName: 'Muster', assistantName: 'Captain', supportEmail: 'desk@muster.example' }));
    if (input === '/api/assistant/ask' && init?.method === 'POST') {
      asked.push(JSON.parse(init.body as string));
      const next = answers.shift()!;
      return Promise.resolve(response(next.body, next.status));
    }
    return Promise.resolve(response({ message: 'not found' }, 404));
  }) as unknown as typeof fetch;
});

function renderConversation() {
  const onTalkToPerson = jest.fn();
  const onCreateTicket = jest.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <I18nextProvider i18n={i18n}>
          <MemoryRouter>
            <AssistantConversation onTalkToPerson={onTalkToPerson} onCreateTicket={onCreateTicket} language="en" />
          </MemoryRouter>
        </I18nextProvider>
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return { onTalkToPerson, onCreateTicket };
}

function askQuestion(text: string) {
  fireEvent.change(screen.getByTestId('assistant-question'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('assistant-send'));
}

describe('AssistantConversation', () => {
  it('greets with the configured name and answers with links to the articles', async () => {
    renderConversation();
    expect(await screen.findByText("Hi, I'm Captain. Ask me anything about using Muster; I answer from our help centre.")).toBeTruthy();
    const answer: AssistantAnswer = {
      answer: 'Here is what the help centre says in “QR codes”:\n\nEvery packet carries a **QR code**.',
      known: true,
      sources: [
        {
          articleId: ARTICLE_ID,
          title: 'QR codes',
          snippet: [
            { text: 'Every packet carries a ', match: false },
            { text: 'QR', match: true },
          ],
          path: `/app/help?article=${ARTICLE_ID}`,
        },
      ],
    };
    answers.push({ status: 200, body: answer });
    askQuestion('How do QR codes work?');

    const reply = await screen.findByTestId('assistant-answer');
    expect(asked).toEqual([{ question: 'How do QR codes work?', language: 'en' }]);
    expect(screen.getByTestId('assistant-message-user').textContent).toContain('How do QR codes work?');
    expect(reply.getAttribute('data-known')).toBe('true');
    expect(reply.querySelector('strong')?.textContent).toBe('QR code');
    const link = screen.getByTestId('assistant-source');
    expect(link.getAttribute('href')).toBe(`/app/help?article=${ARTICLE_ID}`);
    expect(link.textContent).toBe('QR codes');
    expect(link.parentElement!.querySelector('mark')?.textContent).toBe('QR');
  });

  it('says plainly that it does not know and offers a person or a ticket through the callbacks', async () => {
    const { onTalkToPerson, onCreateTicket } = renderConversation();
    answers.push({
      status: 200,
      body: { answer: "I don't know the answer to that. Talk to a person, or create a ticket.", sources: [], known: false },
    });
    askQuestion('What will the weather be tomorrow?');
    const reply = await screen.findByTestId('assistant-answer');
    expect(reply.getAttribute('data-known')).toBe('false');
    expect(reply.textContent).toContain("I don't know");
    const bubble = screen.getAllByTestId('assistant-message-assistant').at(-1)!;
    expect(within(bubble).queryByTestId('assistant-source')).toBeNull();
    expect(within(bubble).getByText('A person from support can help with this.')).toBeTruthy();

    fireEvent.click(screen.getByTestId('assistant-talk-to-person'));
    fireEvent.click(screen.getByTestId('assistant-create-ticket'));
    expect(onTalkToPerson).toHaveBeenCalledTimes(1);
    expect(onCreateTicket).toHaveBeenCalledTimes(1);
  });

  it('explains a refused question (429) in the conversation', async () => {
    renderConversation();
    answers.push({ status: 429, body: { statusCode: 429, code: 'RATE_LIMITED', message: 'Too many', error: 'Too Many Requests' } });
    askQuestion('Again?');
    expect(await screen.findByText('You have asked many questions in a short time. Wait a moment, or talk to a person.')).toBeTruthy();
  });
});
