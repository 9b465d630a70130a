import { createHash } from 'node:crypto';
import type { ChainBreak } from '@muster/contracts';

/**
 * The hash chain of the audit trail. Each organisation has one chain (platform events without an
 * organisation have their own, `platform`); each event stores its position (`seq`, from 1), the
 * hash of the event before it, and the SHA-256 of its own canonical form, which includes that
 * previous hash. Changing, removing or reordering any event breaks every link after it.
 */
export const PLATFORM_CHAIN = 'platform';
/** The previous hash of a chain's first event. */
export const GENESIS_HASH = '0'.repeat(64);

/** What the hash covers: every field of the event but the hash itself. */
export interface ChainedFields {
  id: string;
  chainKey: string;
  seq: number;
  prevHash: string;
  time: Date;
  orgId: string | null;
  actorUserId: string | null;
  actorInviteId: string | null;
  actorRole: string | null;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  action: string;
  outcome: string;
  reason: string | null;
  targetType: string | null;
  targetId: string | null;
  classUid: number;
  activityId: number;
  severityId: number;
  metadata: Record<string, unknown>;
}

export function chainKeyOf(orgId: string | null | undefined): string {
  return orgId?.toLowerCase() ?? PLATFORM_CHAIN;
}

/**
 * JSON with object keys sorted at every depth and no whitespace: the same value always gives the
 * same text, whatever order its keys were written in (PostgreSQL's jsonb reorders them).
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    // JSON.stringify answers undefined for undefined, functions and symbols: null, as in arrays.
    const text = JSON.stringify(value) as string | undefined;
    return text ?? 'null';
  }
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item === undefined ? null : item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** What the hash covers but the chain position: the event itself. */
export type EventFields = Omit<ChainedFields, 'seq' | 'prevHash'>;

/**
 * The canonical form of an event (version 1): canonical JSON of `{v, id, chain, seq, prev, time,
 * org, actor, action, outcome, reason, target, ocsf, metadata}`, times as ISO instants with
 * milliseconds. Answered in three parts around the previous hash and the position, so the
 * database can hash an event at the moment it appends it: `parts[0] + prevHash + parts[1] + seq +
 * parts[2]` (the top-level keys are sorted, `prev` and `seq` are plain values).
 */
export function canonicalParts(fields: EventFields): [string, string, string] {
  const top: Record<string, unknown> = {
    v: 1,
    id: fields.id,
    chain: fields.chainKey,
    time: fields.time.toISOString(),
    org: fields.orgId,
    actor: {
      user: fields.actorUserId,
      invite: fields.actorInviteId,
      role: fields.actorRole,
      email: fields.actorEmail,
      ip: fields.ip,
      ua: fields.userAgent,
    },
    action: fields.action,
    outcome: fields.outcome,
    reason: fields.reason,
    target: fields.targetType === null && fields.targetId === null ? null : { type: fields.targetType, id: fields.targetId },
    ocsf: { class: fields.classUid, activity: fields.activityId, severity: fields.severityId },
    metadata: fields.metadata,
  };
  const PREV = Symbol('prev');
  const SEQ = Symbol('seq');
  const keys = [...Object.keys(top), 'prev', 'seq'].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const parts: string[] = [];
  let text = '{';
  keys.forEach((key, i) => {
    const value = key === 'prev' ? PREV : key === 'seq' ? SEQ : top[key];
    text += `${i ? ',' : ''}${JSON.stringify(key)}:`;
    if (value === PREV) {
      parts.push(`${text}"`);
      text = '"';
    } else if (value === SEQ) {
      parts.push(text);
      text = '';
    } else {
      text += canonicalJson(value);
    }
  });
  parts.push(`${text}}`);
  return parts as [string, string, string];
}

export function canonicalEvent(fields: ChainedFields): string {
  const [beforePrev, beforeSeq, rest] = canonicalParts(fields);
  return `${beforePrev}${fields.prevHash}${beforeSeq}${String(fields.seq)}${rest}`;
}

export function eventHash(fields: ChainedFields): string {
  return createHash('sha256').update(canonicalEvent(fields)).digest('hex');
}

export interface ChainLink extends ChainedFields {
  hash: string;
}

export interface ChainBreakFound {
  seq: number;
  eventId: string | null;
  reason: ChainBreak;
  expected: string;
  found: string;
}

/**
 * Walks a chain in `seq` order, page by page, from the start. Remembers where it is, so a long
 * chain is checked without holding it in memory; `check` answers the first break of the page, or
 * null when every link of it holds.
 */
export class ChainVerifier {
  private expectedSeq = 1;
  private prevHash = GENESIS_HASH;
  checked = 0;
  head: { seq: number; hash: string } | null = null;

  check(links: readonly ChainLink[]): ChainBreakFound | null {
    for (const link of links) {
      if (link.seq !== this.expectedSeq) {
        return {
          seq: this.expectedSeq,
          eventId: link.id,
          reason: 'sequence_gap',
          expected: String(this.expectedSeq),
          found: String(link.seq),
        };
      }
      if (link.prevHash !== this.prevHash) {
        return { seq: link.seq, eventId: link.id, reason: 'prev_hash_mismatch', expected: this.prevHash, found: link.prevHash };
      }
      const recomputed = eventHash(link);
      if (recomputed !== link.hash) {
        return { seq: link.seq, eventId: link.id, reason: 'hash_mismatch', expected: recomputed, found: link.hash };
      }
      this.checked += 1;
      this.expectedSeq = link.seq + 1;
      this.prevHash = link.hash;
      this.head = { seq: link.seq, hash: link.hash };
    }
    return null;
  }
}
