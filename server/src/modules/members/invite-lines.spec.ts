import { parseInviteLines } from './invite-lines.js';

describe('parseInviteLines', () => {
  it('reads email[,role[,language]] per line, with a header, quotes, blank lines and the default role', () => {
    const parsed = parseInviteLines(
      '\uFEFFEmail;Role;Language\r\nAna@Example.com;manager;ES\n\n"bo@example.com",INTERNAL AUDITOR\ncy@example.com\t\tar\n',
      'USER',
      null,
    );
    expect(parsed).toEqual({
      ok: true,
      lines: [
        { line: 2, email: 'ana@example.com', role: 'MANAGER', language: 'es' },
        { line: 4, email: 'bo@example.com', role: 'INTERNAL_AUDITOR', language: null },
        { line: 5, email: 'cy@example.com', role: 'USER', language: 'ar' },
      ],
    });
  });

  it('names every bad line with its reason and keeps none', () => {
    const parsed = parseInviteLines(
      [
        'ok@example.com',
        'nope',
        'a@example.com,ROOT_ADMIN',
        'b@example.com,USER,fr',
        'c@example.com,USER,en,more',
        '"d@example.com',
        'OK@example.com',
      ].join('\n'),
      'USER',
      'en',
    );
    expect(parsed).toEqual({
      ok: false,
      fields: {
        'lines.2': { reason: 'validation.email', params: {} },
        'lines.3': {
          reason: 'members.lineRole',
          params: { role: 'ROOT_ADMIN', list: 'ADMIN, MANAGER, INTERNAL_AUDITOR, ACCOUNTANT, USER' },
        },
        'lines.4': { reason: 'members.lineLanguage', params: { language: 'fr', list: 'en, es, zh, ar' } },
        'lines.5': { reason: 'members.lineColumns', params: {} },
        'lines.6': { reason: 'members.lineColumns', params: {} },
        'lines.7': { reason: 'members.duplicateLine', params: { email: 'ok@example.com', first: 1 } },
      },
    });
  });

  it('refuses more than 500 invitations as a whole, and a header is not a line', () => {
    const rows = (n: number) => ['email,role', ...Array.from({ length: n }, (_, i) => `p${i}@example.com`)].join('\n');
    expect(parseInviteLines(rows(500), 'USER', null)).toMatchObject({ ok: true });
    expect(parseInviteLines(rows(501), 'USER', null)).toEqual({ ok: false, rows: 501 });
    expect(parseInviteLines(rows(10_000), 'USER', null)).toEqual({ ok: false, rows: 10_000 });
  });
});
