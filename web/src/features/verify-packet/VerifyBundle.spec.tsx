import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TextDecoder, TextEncoder } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { ChakraProvider } from '@chakra-ui/react';
import type { VerifyBundleResult } from '@muster/contracts';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { fakeResponse } from '../../lib/fake-response';

// jsdom has no TextEncoder, which React Router needs when it loads.
Object.assign(globalThis, { TextEncoder, TextDecoder });

const { default: VerifyPacketPage } = await import('./VerifyPacketPage');
const { addAllRecipes } = await import('../../components/ui/all-recipes');
const { system } = await import('../../components/ui/system');
const { MemoryRouter } = await import('react-router-dom');

configure({ asyncUtilTimeout: 5_000 });

const locale = (ns: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/locales/en/${ns}.json`, import.meta.url)), 'utf8')) as object;
const i18n = createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { common: locale('common'), errors: locale('errors'), pages: locale('pages'), verifyPacket: locale('verifyPacket') } },
  ns: ['common', 'errors', 'pages', 'verifyPacket'],
  defaultNS: 'common',
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

const MANIFEST = '{"bundleId":"8e3f9a2b-1c4d-4e5f-8a6b-7c8d9e0f1a2b","files":[],"format":"muster-audit-bundle/1"}';

const result = (over: Partial<VerifyBundleResult> = {}): VerifyBundleResult => ({
  kind: 'bundle',
  bundleId: '8e3f9a2b-1c4d-4e5f-8a6b-7c8d9e0f1a2b',
  manifestMatch: true,
  signatureValid: true,
  kid: 'mk-abc',
  organisation: 'Harbour Point',
  auditor: 'Bea Bundler',
  firm: 'Quay Assurance',
  createdAt: '2026-11-27T10:00:00.000Z',
  fileCount: 6,
  recordCount: 3,
  ...over,
});

let answer: { status: number; body: unknown };
let posted: unknown[];

function choose(text: string) {
  const input = screen.getByTestId('verify-bundle-input');
  const file = new File([text], 'manifest.json', { type: 'application/json' });
  // jsdom's File has no text(): give it the one browsers have.
  Object.assign(file, { text: () => Promise.resolve(text) });
  fireEvent.change(input, { target: { files: [file] } });
}

function renderPage() {
  return render(
    <I18nextProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <MemoryRouter initialEntries={['/verify-packet']}>
          <VerifyPacketPage pageId="verifyPacket" />
        </MemoryRouter>
      </ChakraProvider>
    </I18nextProvider>,
  );
}

beforeAll(() => addAllRecipes());

beforeEach(() => {
  posted = [];
  answer = { status: 200, body: result() };
  globalThis.fetch = jest.fn((input: string, init?: RequestInit) => {
    if (input === '/api/verify-packet' && init?.method === 'POST') {
      posted.push(JSON.parse(init.body as string));
      return Promise.resolve(fakeResponse(answer.body, answer.status));
    }
    return Promise.resolve(fakeResponse({ message: 'not found', code: 'ROUTE_NOT_FOUND' }, 404));
  }) as typeof fetch;
});

afterEach(cleanup);

describe('checking an audit bundle on /verify-packet', () => {
  it('sends the chosen manifest.json and says whether Muster signed it, for whom and when', async () => {
    renderPage();
    choose(MANIFEST);
    const verdict = await screen.findByTestId('verify-bundle-result');
    expect(posted).toEqual([{ bundleManifest: MANIFEST }]);
    expect(verdict.getAttribute('data-status')).toBe('valid');
    expect(screen.getByTestId('verify-bundle-signature').textContent).toContain('Muster signed this manifest (key mk-abc)');
    expect(screen.getByTestId('verify-bundle-auditor').textContent).toBe('Bea Bundler (Quay Assurance)');
    expect(verdict.textContent).toContain('6 files, 3 evidence records');
  });

  it('says a changed manifest is not the one Muster signed', async () => {
    answer = { status: 200, body: result({ manifestMatch: false, signatureValid: false }) };
    renderPage();
    choose(MANIFEST.replace('files', 'filez'));
    await waitFor(() => expect(screen.getByTestId('verify-bundle-result').getAttribute('data-status')).toBe('invalid'));
    expect(screen.getByTestId('verify-bundle-signature').getAttribute('data-valid')).toBe('false');
    expect(screen.getByTestId('verify-bundle-match').textContent).toContain('differs');
  });

  it('says when no such bundle is known, and shows a refusal in words', async () => {
    answer = { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', reason: 'auditor.bundleUnknown', message: 'x' } };
    renderPage();
    choose(MANIFEST);
    await waitFor(() => expect(screen.getByTestId('verify-bundle-result').getAttribute('data-status')).toBe('unknown'));
    cleanup();

    answer = {
      status: 400,
      body: { statusCode: 400, code: 'VALIDATION_FAILED', reason: 'auditor.bundleManifestMalformed', message: 'x' },
    };
    renderPage();
    choose('{"hello":"world"}');
    await waitFor(() => expect(screen.getByTestId('verify-bundle-result').getAttribute('data-status')).toBe('error'));
    expect(screen.getByTestId('verify-bundle-result').textContent).toContain('This is not the manifest.json of a Muster audit bundle');
  });
});
