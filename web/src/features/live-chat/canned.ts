import type { CannedResponse } from '@muster/contracts';

/** The `/shortcut` being typed at the end of the text (without the slash), or null. */
export function cannedQuery(text: string): string | null {
  const match = /(?:^|\s)\/([a-z0-9_-]*)$/i.exec(text);
  return match ? match[1]!.toLowerCase() : null;
}

/** Canned responses whose shortcut starts with the query, shortest shortcut first. */
export function matchCanned(items: readonly CannedResponse[], query: string): CannedResponse[] {
  return items
    .filter((item) => item.shortcut.startsWith(query))
    .sort((a, b) => a.shortcut.length - b.shortcut.length || a.shortcut.localeCompare(b.shortcut));
}

/** The text with the trailing `/shortcut` replaced by the response's body. */
export function insertCanned(text: string, response: CannedResponse): string {
  return text.replace(/\/[a-z0-9_-]*$/i, response.body);
}
