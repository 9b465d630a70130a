import {
  emailSchema,
  isMemberRole,
  LANGUAGE_CODES,
  MEMBER_LIMITS,
  MEMBER_ROLES,
  type FieldReason,
  type LanguageCode,
  type MemberRole,
} from '@muster/contracts';

/** One invitation read from a list. `line` is its 1-based line number in the text. */
export interface InviteLine {
  line: number;
  email: string;
  role: MemberRole;
  language: LanguageCode | null;
}

export type ParsedLines =
  { ok: true; lines: InviteLine[] } | { ok: false; fields: Record<string, FieldReason> } | { ok: false; rows: number };

/** Splits one CSV line into cells: commas or semicolons, cells optionally in double quotes. */
function cells(line: string): string[] | null {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') {
      if (cell.trim() !== '' || wasQuoted) return null;
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',' || ch === ';' || ch === '\t') {
      out.push(cell.trim());
      cell = '';
      wasQuoted = false;
    } else if (wasQuoted && ch.trim() !== '') return null;
    else cell += ch;
  }
  if (quoted) return null;
  out.push(cell.trim());
  return out;
}

const HEADER = /^\s*"?e-?mail"?\s*([,;\t]|$)/i;

/**
 * Reads a pasted list or the text of a CSV file: one invitation per line, `email[,role[,language]]`,
 * an optional header line, blank lines ignored. Strict: every line is checked and each bad one is
 * named (`lines.<n>` with its reason); more than `MEMBER_LIMITS.bulkMaxRows` invitations is
 * refused as a whole (`rows`). A role may be written as ADMIN or admin; the role of a line without
 * one is `defaultRole`.
 */
export function parseInviteLines(text: string, defaultRole: MemberRole, defaultLanguage: LanguageCode | null): ParsedLines {
  const raw = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
  const candidates = raw
    .map((content, i) => ({ content, line: i + 1 }))
    .filter(({ content, line }) => content.trim() !== '' && !(line === 1 && HEADER.test(content)));
  if (candidates.length > MEMBER_LIMITS.bulkMaxRows) return { ok: false, rows: candidates.length };
  const fields: Record<string, FieldReason> = {};
  const lines: InviteLine[] = [];
  const seen = new Map<string, number>();
  for (const { content, line } of candidates) {
    const path = `lines.${line}`;
    const parts = cells(content);
    if (!parts || parts.length > 3) {
      fields[path] = { reason: 'members.lineColumns', params: {} };
      continue;
    }
    const [emailCell = '', roleCell = '', languageCell = ''] = parts;
    const email = emailSchema.safeParse(emailCell);
    if (!email.success) {
      fields[path] = { reason: 'validation.email', params: {} };
      continue;
    }
    const role = roleCell === '' ? defaultRole : roleCell.toUpperCase().replace(/[\s-]+/g, '_');
    if (!isMemberRole(role)) {
      fields[path] = { reason: 'members.lineRole', params: { role: roleCell.slice(0, 40), list: MEMBER_ROLES.join(', ') } };
      continue;
    }
    const language = languageCell === '' ? defaultLanguage : languageCell.toLowerCase();
    if (language !== null && !(LANGUAGE_CODES as readonly string[]).includes(language)) {
      fields[path] = { reason: 'members.lineLanguage', params: { language: languageCell.slice(0, 20), list: LANGUAGE_CODES.join(', ') } };
      continue;
    }
    const first = seen.get(email.data);
    if (first !== undefined) {
      fields[path] = { reason: 'members.duplicateLine', params: { email: email.data, first } };
      continue;
    }
    seen.set(email.data, line);
    lines.push({ line, email: email.data, role, language: language as LanguageCode | null });
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, lines };
}
