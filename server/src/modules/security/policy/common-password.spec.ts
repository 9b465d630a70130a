import { COMMON_PASSWORDS_TEXT } from './common-passwords.js';
import { isCommonPassword } from './common-password.js';

describe('the common-password list', () => {
  it('holds 10,000 distinct lower-case passwords, most common first', () => {
    const list = COMMON_PASSWORDS_TEXT.split('\n');
    expect(list).toHaveLength(10_000);
    expect(new Set(list).size).toBe(10_000);
    expect(list.every((p) => p === p.toLowerCase() && p.length > 0)).toBe(true);
    expect(list.slice(0, 2)).toEqual(['123456', 'password']);
  });

  it('is checked whatever the letter case', () => {
    expect(isCommonPassword('QWERTY123456')).toBe(true);
    expect(isCommonPassword('LeaveMeAlone')).toBe(true);
    expect(isCommonPassword('Quay-Side-Reset-7')).toBe(false);
  });
});
