import { canonicalEvent, canonicalJson, canonicalParts, ChainVerifier, eventHash, GENESIS_HASH, type ChainLink } from './audit-chain.js';

function chain(length: number): ChainLink[] {
  const links: ChainLink[] = [];
  let prevHash = GENESIS_HASH;
  for (let seq = 1; seq <= length; seq++) {
    const link: ChainLink = {
      id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
      chainKey: 'org-1',
      seq,
      prevHash,
      hash: '',
      time: new Date(Date.UTC(2026, 10, 24, 8, 0, seq)),
      orgId: 'org-1',
      actorUserId: 'user-1',
      actorInviteId: null,
      actorRole: 'ADMIN',
      actorEmail: 'admin@harborpoint.example',
      ip: '203.0.113.7',
      userAgent: 'Firefox',
      action: 'auth.login',
      outcome: 'success',
      reason: null,
      targetType: null,
      targetId: null,
      classUid: 3002,
      activityId: 1,
      severityId: 1,
      metadata: { method: 'password', nested: { b: 2, a: [1, 'x'] } },
    };
    link.hash = eventHash(link);
    prevHash = link.hash;
    links.push(link);
  }
  return links;
}

describe('audit hash chain', () => {
  it('writes the same canonical text whatever the key order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { z: 1, y: null }], c: 'é' } })).toBe('{"a":{"c":"é","d":[2,{"y":null,"z":1}]},"b":1}');
    expect(canonicalJson({ a: undefined, b: [undefined] })).toBe('{"b":[null]}');
  });

  it('accepts an intact chain and reports its head', () => {
    const links = chain(5);
    const verifier = new ChainVerifier();
    expect(verifier.check(links.slice(0, 2))).toBeNull();
    expect(verifier.check(links.slice(2))).toBeNull();
    expect(verifier.checked).toBe(5);
    expect(verifier.head).toEqual({ seq: 5, hash: links[4]!.hash });
  });

  it('finds a tampered row: its own hash no longer matches', () => {
    const links = chain(5);
    links[2] = { ...links[2]!, metadata: { ...links[2]!.metadata, method: 'magic_code' } };
    const broken = new ChainVerifier().check(links);
    expect(broken).toMatchObject({ seq: 3, eventId: links[2].id, reason: 'hash_mismatch', found: links[2].hash });
  });

  it('finds a row rewritten with a fresh hash: the next link no longer points at it', () => {
    const links = chain(5);
    const forged = { ...links[1]!, ip: '198.51.100.1' };
    forged.hash = eventHash(forged);
    links[1] = forged;
    expect(new ChainVerifier().check(links)).toMatchObject({ seq: 3, reason: 'prev_hash_mismatch' });
  });

  it('finds a removed row and rows out of order', () => {
    const links = chain(5);
    expect(new ChainVerifier().check([links[0]!, links[2]!, links[3]!])).toMatchObject({ seq: 2, reason: 'sequence_gap', found: '3' });
    expect(new ChainVerifier().check([links[1]!])).toMatchObject({ seq: 1, reason: 'sequence_gap' });
  });
});

describe('canonical parts', () => {
  it('put together, are the canonical JSON of the whole event', () => {
    const [link] = chain(1);
    const expected = canonicalJson({
      v: 1,
      id: link!.id,
      chain: link!.chainKey,
      seq: link!.seq,
      prev: link!.prevHash,
      time: link!.time.toISOString(),
      org: link!.orgId,
      actor: { user: link!.actorUserId, invite: null, role: 'ADMIN', email: link!.actorEmail, ip: link!.ip, ua: link!.userAgent },
      action: link!.action,
      outcome: link!.outcome,
      reason: null,
      target: null,
      ocsf: { class: 3002, activity: 1, severity: 1 },
      metadata: link!.metadata,
    });
    expect(canonicalEvent(link!)).toBe(expected);
    const [a, b, c] = canonicalParts(link!);
    expect(a.endsWith('"prev":"')).toBe(true);
    expect(b.endsWith('"seq":')).toBe(true);
    expect(`${a}${link!.prevHash}${b}${String(link!.seq)}${c}`).toBe(expected);
  });
});
