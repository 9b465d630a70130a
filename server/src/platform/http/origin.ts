/**
 * Origin check shared by the socket handshake and the CSRF defence. A request without an
 * Origin header is not a cross-site browser request; one with an Origin must be configured.
 */
export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (!origin) return true;
  return allowed.includes(origin.replace(/\/$/, ''));
}

const WHITESPACE = /\s/;

/** What `String.prototype.trim` removes: ASCII tab to carriage return and space, or any `\s`. */
function isSpace(header: string, index: number): boolean {
  const code = header.charCodeAt(index);
  return code === 32 || (code >= 9 && code <= 13) || (code > 127 && WHITESPACE.test(header.charAt(index)));
}

/**
 * Reads one cookie from a raw Cookie header: the value of the first `name=value` pair of that name,
 * trimmed and URI-decoded (undefined when it does not decode). Runs on every request (the session
 * cookie, under both its names), so it looks for the name in place rather than splitting the header.
 */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header || !name) return undefined;
  for (let at = header.indexOf(name); at >= 0; at = header.indexOf(name, at + 1)) {
    // The pair's name is what lies between the previous ';' (or the start) and its first '=', trimmed.
    let before = at - 1;
    while (before >= 0 && isSpace(header, before)) before--;
    if (before >= 0 && header.charCodeAt(before) !== 59 /* ; */) continue;
    let eq = at + name.length;
    while (eq < header.length && isSpace(header, eq)) eq++;
    if (header.charCodeAt(eq) !== 61 /* = */) continue;
    const end = header.indexOf(';', eq + 1);
    const value = header.slice(eq + 1, end < 0 ? header.length : end).trim();
    if (!value.includes('%')) return value;
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}
