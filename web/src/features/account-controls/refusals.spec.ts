import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInstance } from 'i18next';
import { ApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { isSupportRefusal, supportRefusalText } from './refusals';

const errorsOf = (lng: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/locales/${lng}/errors.json`, import.meta.url)), 'utf8')) as object;

function tIn(lng: string) {
  const i18n = createInstance();
  void i18n.init({ lng, resources: { [lng]: { errors: errorsOf(lng) } }, initAsync: false, interpolation: { escapeValue: false } });
  return i18n.t;
}

const refusal = (status: number, body: object) => new ApiError(status, JSON.stringify(body), 'Forbidden');
const until = '2026-12-01T09:30:00.000Z';
const suspended = refusal(403, {
  code: 'ACCOUNT_SUSPENDED',
  reason: 'accountControls.suspendedUntil',
  params: { message: 'Call support.', until },
});

describe("support's sign-in refusals", () => {
  it('are told from other refusals', () => {
    expect(isSupportRefusal(suspended)).toBe(true);
    expect(
      isSupportRefusal(refusal(403, { code: 'PASSWORD_RESET_REQUIRED', reason: 'accountControls.passwordResetRequired', params: {} })),
    ).toBe(true);
    expect(isSupportRefusal(refusal(401, { code: 'INVALID_CREDENTIALS', reason: 'auth.invalidCredentials', params: {} }))).toBe(false);
    expect(isSupportRefusal(refusal(423, { code: 'ACCOUNT_FROZEN', reason: 'accountControls.frozen', params: { message: '' } }))).toBe(
      false,
    );
    expect(isSupportRefusal(new Error('offline'))).toBe(false);
  });

  it.each(['en', 'es', 'ar'])("say support's message and the end date written in the reader's language (%s)", (lng) => {
    const text = supportRefusalText(tIn(lng), lng, suspended);
    expect(text).toContain('Call support.');
    expect(text).toContain(formatDateTime(until, lng));
    expect(text).not.toContain(until);
  });
});
