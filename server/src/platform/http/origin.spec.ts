import { readCookie } from './origin.js';

/** The straightforward reading (split on ';', name up to the first '=', trimmed), which readCookie must equal. */
function reference(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

const SID = 'bTMoQam7NtwDbv_lK4V-kX-oQzWwH0FEsorLOh1pToM';

describe('readCookie', () => {
  const headers = [
    undefined,
    '',
    `muster.sid=${SID}`,
    `muster.csrf=abc; muster.sid=${SID}`,
    `muster.csrf=abc;muster.sid=${SID};other=1`,
    `  muster.sid =  ${SID}  ; x=1`,
    `xmuster.sid=nope; muster.sid=${SID}`,
    `muster.sidx=nope; muster.sid=${SID}`,
    `a=muster.sid=nope; muster.sid=${SID}`,
    `a=b muster.sid=nope`,
    `muster.sid`,
    `muster.sid; muster.sid=${SID}`,
    `muster.sid=`,
    `muster.sid=first; muster.sid=second`,
    `muster.sid=%E2%82%AC`,
    `muster.sid=%E2%82`,
    `muster.sid=a%20b; muster.sid=c`,
    `\tmuster.sid\t=\tv\t`,
    `\u00a0muster.sid\u00a0=v`,
    `__Host-muster.sid=${SID}; muster.sid=plain`,
    `muster.sid=plain; __Host-muster.sid=${SID}`,
    `;;muster.sid=v;;`,
    `=muster.sid; muster.sid=v`,
    `muster.sid==v`,
  ];

  it.each(headers.map((h) => [h]))('reads %j as the straightforward reading does', (header) => {
    for (const name of ['muster.sid', '__Host-muster.sid', 'muster.csrf', 'x', 'absent']) {
      expect(readCookie(header, name)).toBe(reference(header, name));
    }
  });

  it('finds the session cookie among others', () => {
    expect(readCookie(`muster.csrf=abc; muster.sid=${SID}`, 'muster.sid')).toBe(SID);
    expect(readCookie(`muster.csrf=abc; muster.sid=${SID}`, '__Host-muster.sid')).toBeUndefined();
  });
});
