import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createInstance, type TFunction } from 'i18next';
import {
  attemptsAlertText,
  displayName,
  initials,
  isPasswordAuthUnavailable,
  LOCK_CHECK_INTERVAL_MS,
  MAX_FAILED_UNLOCK_ATTEMPTS,
  remainingAttempts,
  SESSION_CHANNEL_NAME,
  shouldLock,
  unlockFailureOutcome,
  wrongPasswordText,
  type LockText,
} from './lock-machine';

const MINUTE = 60_000;

describe('constants', () => {
  it('follow spec §9 and carry the product-code prefix', () => {
    expect(LOCK_CHECK_INTERVAL_MS).toBe(10_000);
    expect(MAX_FAILED_UNLOCK_ATTEMPTS).toBe(3);
    expect(SESSION_CHANNEL_NAME).toBe('muster.session');
  });
});

describe('shouldLock', () => {
  const start = Date.UTC(2026, 0, 5, 9, 0, 0);

  it('locks once the idle time reaches the minutes, not before', () => {
    expect(shouldLock(start + MINUTE - 1, start, 1)).toBe(false);
    expect(shouldLock(start + MINUTE, start, 1)).toBe(true);
    expect(shouldLock(start + 31 * MINUTE, start, 30)).toBe(true);
    expect(shouldLock(start + 29 * MINUTE, start, 30)).toBe(false);
  });

  it('never locks without minutes (null or undefined means no auto-lock)', () => {
    expect(shouldLock(start + 1_000 * MINUTE, start, null)).toBe(false);
    expect(shouldLock(start + 1_000 * MINUTE, start, undefined)).toBe(false);
    expect(shouldLock(start + 1_000 * MINUTE, start, 0)).toBe(false);
    expect(shouldLock(start + 1_000 * MINUTE, start, Number.NaN)).toBe(false);
  });

  it('does not lock before any activity is recorded', () => {
    expect(shouldLock(start, null, 1)).toBe(false);
    expect(shouldLock(start, undefined, 1)).toBe(false);
  });

  it('does not lock when the clock went back before the last activity', () => {
    expect(shouldLock(start - MINUTE, start, 1)).toBe(false);
  });
});

describe('failed attempts', () => {
  it('counts down from three and terminates on the third failure', () => {
    expect(remainingAttempts(0)).toBe(3);
    expect(unlockFailureOutcome(1)).toEqual({ kind: 'retry', remaining: 2 });
    expect(unlockFailureOutcome(2)).toEqual({ kind: 'retry', remaining: 1 });
    expect(unlockFailureOutcome(3)).toEqual({ kind: 'terminate' });
    expect(unlockFailureOutcome(7)).toEqual({ kind: 'terminate' });
    expect(remainingAttempts(-2)).toBe(3);
  });

  it('shows no alert before a failure, the count after one, the warning when one is left', () => {
    expect(attemptsAlertText(0)).toBeNull();
    expect(attemptsAlertText(1)).toEqual({ key: 'attemptsRemaining', options: { count: 2 } });
    expect(attemptsAlertText(2)).toEqual({ key: 'lastAttempt' });
    expect(attemptsAlertText(3)).toBeNull();
  });

  it('tells the field how many attempts remain', () => {
    expect(wrongPasswordText(2)).toEqual({ key: 'wrongPassword', options: { count: 2 } });
  });
});

describe('the texts in every language', () => {
  const load = (lng: string) =>
    JSON.parse(readFileSync(fileURLToPath(new URL(`../../../public/locales/${lng}/lock.json`, import.meta.url)), 'utf8')) as object;
  const translator = async (lng: string): Promise<TFunction> => {
    const i18n = createInstance();
    await i18n.init({ lng, resources: { [lng]: { lock: load(lng) } }, defaultNS: 'lock', initAsync: false });
    return i18n.t;
  };
  const say = (t: TFunction, text: LockText | null) => (text ? (text.options ? t(text.key, text.options) : t(text.key)) : null);

  it('reads the English sentences of spec §5, singular when one attempt is left', async () => {
    const t = await translator('en');
    expect(say(t, wrongPasswordText(2))).toBe('Incorrect password. 2 attempts remaining.');
    expect(say(t, wrongPasswordText(1))).toBe('Incorrect password. 1 attempt remaining.');
    expect(say(t, attemptsAlertText(1))).toBe('2 attempts remaining before session termination.');
    expect(say(t, attemptsAlertText(2))).toBe('Last attempt! Your session will be terminated if you enter the wrong password.');
    expect(t('title')).toBe('Session Locked');
    expect(t('passwordPlaceholder')).toBe('Enter your password');
  });

  it.each(['es', 'zh', 'ar'])('has a translated sentence with the number in %s', async (lng) => {
    const t = await translator(lng);
    for (const remaining of [1, 2]) {
      const text = say(t, wrongPasswordText(remaining));
      expect(text).toContain(String(remaining));
      expect(text).not.toMatch(/wrongPassword|attempt/);
    }
    expect(say(t, attemptsAlertText(1))).toContain('2');
  });
});

describe('isPasswordAuthUnavailable', () => {
  it('recognises the server answer for an account without password sign-in', () => {
    const body = JSON.stringify({
      statusCode: 403,
      error: 'Forbidden',
      code: 'SSO_REQUIRED',
      message: 'Your organisation signs in through single sign-on: password authentication is not available for this account.',
    });
    expect(isPasswordAuthUnavailable(new Error(`403: ${body}`))).toBe(true);
    expect(isPasswordAuthUnavailable('Password Authentication is disabled')).toBe(true);
  });

  it('leaves other errors to count as failed attempts', () => {
    expect(isPasswordAuthUnavailable(new Error('429: {"message":"Too many attempts. Please try again later."}'))).toBe(false);
    expect(isPasswordAuthUnavailable(new Error('Failed to fetch'))).toBe(false);
    expect(isPasswordAuthUnavailable(null)).toBe(false);
  });
});

describe('initials and display name', () => {
  it('use the first letters of the first and last name', () => {
    const user = { username: 'jdoe', firstName: 'jane', lastName: 'Doe' };
    expect(initials(user)).toBe('JD');
    expect(displayName(user)).toBe('jane Doe');
  });

  it('fall back to the first two letters of the username in upper case', () => {
    const user = { username: 'harbor.ops', firstName: null, lastName: '  ' };
    expect(initials(user)).toBe('HA');
    expect(displayName(user)).toBe('harbor.ops');
  });

  it('use the one name there is', () => {
    expect(initials({ username: 'x1', firstName: 'Amal', lastName: null })).toBe('A');
    expect(displayName({ username: 'x1', firstName: null, lastName: 'Haddad' })).toBe('Haddad');
  });

  it('keep letters outside the basic plane whole', () => {
    expect(initials({ username: 'u', firstName: '𝒜lex', lastName: 'Ünal' })).toBe('𝒜Ü');
    expect(initials({ username: 'ع', firstName: 'علي', lastName: 'حسن' })).toBe('عح');
  });
});
