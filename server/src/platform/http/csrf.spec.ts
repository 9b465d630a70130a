import { newCsrfToken } from './csrf.js';

describe('newCsrfToken', () => {
  it('gives 32 random bytes in base64url, never the same token twice, across refills of its pool', () => {
    const tokens = Array.from({ length: 1_000 }, () => newCsrfToken());
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});
