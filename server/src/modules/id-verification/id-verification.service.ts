import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  ID_IMAGE_SLOTS,
  ID_IMAGE_TYPES,
  ROLE_RANKS,
  SECURITY_LIMITS,
  type IdImageSlot,
  type IdVerificationCase,
  type IdVerificationState,
  type ImageLink,
  type MemberPrincipal,
  type MyVerification,
  type Principal,
  type Role,
  type SecurityNotices,
  type VerificationCase,
} from '@muster/contracts';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { In, Repository } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { AuditService } from '../../platform/audit/audit.service.js';
import type { ClientContext } from '../../platform/auth/auth.decorators.js';
import { auditActorOf } from '../../platform/auth/principal.js';
import { DomainError } from '../../platform/errors/domain-error.js';
import { REDIS } from '../../platform/redis/redis.tokens.js';
import { StorageService } from '../../platform/storage/storage.service.js';
import type { StoredObject } from '../../platform/storage/storage.types.js';
import { readUpload } from '../../platform/storage/upload.js';
import { acrossOrganisations } from '../../platform/tenancy/tenant-check.js';
import { isUuid, tenant } from '../../platform/tenancy/tenant-scope.js';
import { AuthService } from '../identity/auth.service.js';
import { SecurityPolicyService } from '../security/policy/security-policy.service.js';
import { VerificationCaseRow } from './entities/verification-case.entity.js';
import { stripImageMetadata } from './strip-metadata.js';

type ImageType = (typeof ID_IMAGE_TYPES)[number];
/** States in which the member may (re)place images. */
const EDITABLE: readonly IdVerificationState[] = ['draft', 'more_info'];
/** States a support operator works on (the queue). */
const OPEN: readonly IdVerificationState[] = ['submitted', 'in_review'];
const DECIDED: readonly IdVerificationState[] = ['approved', 'rejected'];

const sha256 = (value: string | Buffer): string => createHash('sha256').update(value).digest('hex');

interface ImageToken {
  key: string;
  type: string;
  operatorId: string;
  caseId: string;
  slot: IdImageSlot;
}

/** Who a case is about, as an operator sees them. */
interface Member {
  id: string;
  name: string;
  email: string;
  role: Role;
  orgName: string;
}

/**
 * ID verification: a member uploads two images (metadata removed, SHA-256 kept) and submits;
 * support operators (SYSOPS and above) claim the oldest case, look at the images through one-time
 * links valid five minutes, and approve, reject with a reason or ask for more. After approval or
 * rejection the images are deleted; the hashes and the decision stay. Every step is audited with
 * the member as target, in the member's organisation (so it streams to its SIEM). Operators never
 * act on members of a role above their own.
 */
@Injectable()
export class IdVerificationService {
  constructor(
    @InjectRepository(VerificationCaseRow) private readonly cases: Repository<VerificationCaseRow>,
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly storage: StorageService,
    private readonly accounts: AuthService,
    private readonly policy: SecurityPolicyService,
    private readonly audit: AuditService,
  ) {}

  /** The member's latest case. */
  private async latest(auth: { orgId: string; userId: string }): Promise<VerificationCaseRow | null> {
    const [row] = await tenant(this.cases, auth).find({ userId: auth.userId }, { createdAt: 'DESC' });
    return row ?? null;
  }

  /** The state of a member's latest case (null: never started). */
  async stateOf(orgId: string, userId: string): Promise<IdVerificationState | null> {
    return (await this.latest({ orgId, userId }))?.state ?? null;
  }

  async mine(auth: MemberPrincipal): Promise<MyVerification> {
    const [duty, row] = await Promise.all([this.policy.verificationDuty(auth.orgId, auth.role), this.latest(auth)]);
    return { ...duty, case: row ? caseOf(row) : null };
  }

  /** What the app shell tells the member about ID verification. */
  async notice(auth: MemberPrincipal): Promise<SecurityNotices['verification']> {
    const [duty, state] = await Promise.all([this.policy.verificationDuty(auth.orgId, auth.role), this.stateOf(auth.orgId, auth.userId)]);
    // Told only while the member has something to do (not while support reviews it).
    const required = duty.required && !(['approved', ...OPEN] as (IdVerificationState | null)[]).includes(state);
    const today = new Date().toISOString().slice(0, 10);
    return { required, dueBy: duty.dueBy, overdue: required && duty.dueBy !== null && duty.dueBy < today, state };
  }

  /**
   * Stores one image of the member's open case (a new case when there is none, or the last was
   * rejected): JPEG, PNG or WebP by its content, at most 10 MB, metadata removed.
   */
  async upload(auth: MemberPrincipal, slot: string, request: FastifyRequest): Promise<MyVerification> {
    if (!(ID_IMAGE_SLOTS as readonly string[]).includes(slot)) throw new DomainError('NOT_FOUND', 'notFound.resource');
    let upload;
    try {
      upload = await readUpload(request, { maxBytes: SECURITY_LIMITS.idImageMaxBytes, allowed: ID_IMAGE_TYPES });
    } catch (err) {
      if (err instanceof DomainError && err.code === 'FILE_TYPE_NOT_ALLOWED') throw imageTypeError();
      throw err;
    }
    const clean = stripImageMetadata(upload.body, upload.contentType as ImageType);
    if (!clean) throw imageTypeError();
    const scope = tenant(this.cases, auth);
    let row = await this.latest(auth);
    if (row?.state === 'approved') throw new DomainError('CONFLICT', 'security.alreadyApproved');
    if (row && !EDITABLE.includes(row.state) && row.state !== 'rejected') throw new DomainError('CONFLICT', 'security.notEditable');
    if (!row || row.state === 'rejected') row = scope.create({ userId: auth.userId, state: 'draft' });
    // A new case gets its id now: the storage key names it.
    const id = (row.id as string | undefined) ?? randomUUID();
    row.id = id;
    const key = `id-verification/${auth.orgId}/${id}/${slot}-${randomBytes(6).toString('hex')}`;
    await this.storage.put(key, clean, upload.contentType);
    const previous = slot === 'document' ? row.documentKey : row.secondKey;
    if (slot === 'document') Object.assign(row, { documentKey: key, documentType: upload.contentType, documentSha256: sha256(clean) });
    else Object.assign(row, { secondKey: key, secondType: upload.contentType, secondSha256: sha256(clean) });
    try {
      await scope.save(row);
    } catch (err) {
      await this.storage.remove(key).catch(() => undefined);
      throw err;
    }
    if (previous) await this.storage.remove(previous).catch(() => undefined);
    return this.mine(auth);
  }

  /** Sends the case with both images for review (again, after more was asked for). */
  async submit(auth: MemberPrincipal, client: ClientContext): Promise<MyVerification> {
    const row = await this.latest(auth);
    if (row?.state === 'approved') throw new DomainError('CONFLICT', 'security.alreadyApproved');
    if (!row || !EDITABLE.includes(row.state)) throw new DomainError('CONFLICT', 'security.imageRequired');
    if (!row.documentKey || !row.secondKey) throw new DomainError('CONFLICT', 'security.imageRequired');
    const again = row.state === 'more_info';
    Object.assign(row, { state: 'submitted', submittedAt: new Date(), claimedByUserId: null, claimedByName: null, claimedAt: null });
    await tenant(this.cases, auth).save(row);
    await this.audit.record({
      action: 'id_verification.submit',
      outcome: 'success',
      actor: auditActorOf(auth, client),
      target: { type: 'user', id: auth.userId },
      metadata: { caseId: row.id, again },
    });
    return this.mine(auth);
  }

  // --- Support operators -------------------------------------------------------------------

  /** The queue (submitted and in review, oldest first) or the latest decisions, across organisations. */
  async queue(op: Principal, view: 'open' | 'decided'): Promise<{ items: VerificationCase[] }> {
    const rows = await acrossOrganisations('support operators work the ID verification queue of every organisation', () =>
      view === 'open'
        ? this.cases.find({ where: { state: In([...OPEN]) }, order: { submittedAt: 'ASC' }, take: 200 })
        : this.cases.find({ where: { state: In([...DECIDED]) }, order: { decidedAt: 'DESC' }, take: 50 }),
    );
    const members = new Map<string, Member | null>();
    const items: VerificationCase[] = [];
    for (const row of rows) {
      if (!members.has(row.userId)) members.set(row.userId, await this.memberOf(row.userId, row.orgId));
      const member = members.get(row.userId);
      if (member && ROLE_RANKS[member.role] <= ROLE_RANKS[op.role]) items.push(operatorCaseOf(row, member));
    }
    return { items };
  }

  private async memberOf(userId: string, orgId: string): Promise<Member | null> {
    const account = await this.accounts.findAccount({ id: userId });
    if (!account || account.membership.orgId !== orgId || !account.org) return null;
    const { user } = account;
    return {
      id: user.id,
      name: [user.firstName, user.lastName].filter(Boolean).join(' ') || user.username,
      email: user.email,
      role: account.membership.role,
      orgName: account.org.name,
    };
  }

  /** A case an operator may act on: 404 for none, 403 when its member ranks above the operator. */
  private async forOperator(op: Principal, id: string): Promise<{ row: VerificationCaseRow; member: Member }> {
    const row = isUuid(id)
      ? await acrossOrganisations('a support operator opens an ID verification case by id', () => this.cases.findOne({ where: { id } }))
      : null;
    const member = row ? await this.memberOf(row.userId, row.orgId) : null;
    if (!row || !member) throw new DomainError('NOT_FOUND', 'security.caseNotFound');
    if (ROLE_RANKS[member.role] > ROLE_RANKS[op.role]) throw new DomainError('FORBIDDEN', 'security.aboveRank');
    return { row, member };
  }

  async get(op: Principal, id: string): Promise<VerificationCase> {
    const { row, member } = await this.forOperator(op, id);
    return operatorCaseOf(row, member);
  }

  private record(
    op: Principal,
    client: ClientContext,
    action:
      | 'id_verification.claim'
      | 'id_verification.image.view'
      | 'id_verification.approve'
      | 'id_verification.reject'
      | 'id_verification.request_info',
    row: VerificationCaseRow,
    metadata: Record<string, unknown> = {},
  ) {
    return this.audit.record({
      action,
      outcome: 'success',
      actor: auditActorOf(op, client),
      orgId: row.orgId,
      target: { type: 'user', id: row.userId },
      metadata: { caseId: row.id, ...metadata },
    });
  }

  /** Claims a submitted case: in review by this operator; others see who has it. */
  async claim(op: Principal, id: string, client: ClientContext): Promise<VerificationCase> {
    const { row, member } = await this.forOperator(op, id);
    if (row.state === 'in_review' && row.claimedByUserId === op.userId) return operatorCaseOf(row, member);
    if (row.state === 'in_review') throw new DomainError('CONFLICT', 'security.claimedByOther');
    if (row.state !== 'submitted') throw new DomainError('CONFLICT', 'security.notClaimable');
    const claimedAt = new Date();
    // Only one operator wins a race: the update names the state it found.
    const result = await this.cases.update(
      { id: row.id, orgId: row.orgId, state: 'submitted' },
      { state: 'in_review', claimedByUserId: op.userId, claimedByName: op.name, claimedAt },
    );
    if (!result.affected) throw new DomainError('CONFLICT', 'security.claimedByOther');
    Object.assign(row, { state: 'in_review', claimedByUserId: op.userId, claimedByName: op.name, claimedAt });
    await this.record(op, client, 'id_verification.claim', row);
    return operatorCaseOf(row, member);
  }

  /** The case, claimed by this operator (a decision or an image needs the claim). */
  private async claimed(op: Principal, id: string): Promise<{ row: VerificationCaseRow; member: Member }> {
    const found = await this.forOperator(op, id);
    if (found.row.state !== 'in_review') throw new DomainError('CONFLICT', 'security.claimFirst');
    if (found.row.claimedByUserId !== op.userId) throw new DomainError('CONFLICT', 'security.claimedByOther');
    return found;
  }

  private tokenKey(token: string): string {
    return `${this.config.REDIS_PREFIX}:id-verification:image:${sha256(token)}`;
  }

  /** A link to one image that works once, for five minutes, for this operator only. */
  async imageLink(op: Principal, id: string, slot: string, client: ClientContext): Promise<ImageLink> {
    const { row } = await this.claimed(op, id);
    if (!(ID_IMAGE_SLOTS as readonly string[]).includes(slot)) throw new DomainError('NOT_FOUND', 'security.imageGone');
    const key = slot === 'document' ? row.documentKey : row.secondKey;
    const type = slot === 'document' ? row.documentType : row.secondType;
    if (!key || !type) throw new DomainError('NOT_FOUND', 'security.imageGone');
    const token = randomBytes(32).toString('base64url');
    const value: ImageToken = { key, type, operatorId: op.userId ?? '', caseId: row.id, slot: slot as IdImageSlot };
    await this.redis.set(this.tokenKey(token), JSON.stringify(value), 'EX', SECURITY_LIMITS.idImageLinkSeconds);
    await this.record(op, client, 'id_verification.image.view', row, { slot });
    return {
      url: `/api/sysops/id-verification/image/${token}`,
      expiresAt: new Date(Date.now() + SECURITY_LIMITS.idImageLinkSeconds * 1000).toISOString(),
    };
  }

  /** The image behind a one-time link (spent by this read). */
  async image(op: Principal, token: string): Promise<StoredObject> {
    const raw = token.length <= 64 ? await this.redis.getdel(this.tokenKey(token)) : null;
    const value = raw ? (JSON.parse(raw) as ImageToken) : null;
    if (!value || value.operatorId !== op.userId) throw new DomainError('NOT_FOUND', 'security.linkExpired');
    return this.storage.read(value.key);
  }

  async approve(op: Principal, id: string, client: ClientContext): Promise<VerificationCase> {
    return this.decide(op, id, client, 'approved', null);
  }

  async reject(op: Principal, id: string, reason: string, client: ClientContext): Promise<VerificationCase> {
    return this.decide(op, id, client, 'rejected', reason);
  }

  /** Approves or rejects; the images are deleted from storage, their hashes stay. */
  private async decide(
    op: Principal,
    id: string,
    client: ClientContext,
    state: 'approved' | 'rejected',
    reason: string | null,
  ): Promise<VerificationCase> {
    const { row, member } = await this.claimed(op, id);
    const keys = [row.documentKey, row.secondKey].filter((k): k is string => Boolean(k));
    Object.assign(row, {
      state,
      reason,
      message: null,
      decidedByUserId: op.userId,
      decidedByName: op.name,
      decidedAt: new Date(),
      documentKey: null,
      secondKey: null,
    });
    await tenant(this.cases, row).save(row);
    for (const key of keys) await this.storage.remove(key);
    await this.record(
      op,
      client,
      state === 'approved' ? 'id_verification.approve' : 'id_verification.reject',
      row,
      reason ? { reason } : {},
    );
    return operatorCaseOf(row, member);
  }

  /** Asks the member for more (they see the message and upload again); the claim ends. */
  async requestInfo(op: Principal, id: string, message: string, client: ClientContext): Promise<VerificationCase> {
    const { row, member } = await this.claimed(op, id);
    Object.assign(row, { state: 'more_info', message, claimedByUserId: null, claimedByName: null, claimedAt: null });
    await tenant(this.cases, row).save(row);
    await this.record(op, client, 'id_verification.request_info', row, { message });
    return operatorCaseOf(row, member);
  }
}

function imageTypeError(): DomainError {
  return new DomainError(
    'FILE_TYPE_NOT_ALLOWED',
    'security.imageType',
    {},
    { fields: { file: { reason: 'security.imageType', params: {} } } },
  );
}

function caseOf(row: VerificationCaseRow): IdVerificationCase {
  return {
    id: row.id,
    state: row.state,
    images: ID_IMAGE_SLOTS.filter((slot) => (slot === 'document' ? row.documentKey : row.secondKey)),
    reason: row.reason,
    message: row.message,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function operatorCaseOf(row: VerificationCaseRow, member: Member): VerificationCase {
  const hashes: VerificationCase['hashes'] = {};
  if (row.documentSha256) hashes.document = row.documentSha256;
  if (row.secondSha256) hashes.second = row.secondSha256;
  return {
    ...caseOf(row),
    member: { id: member.id, name: member.name, email: member.email, role: member.role },
    orgName: member.orgName,
    claimedBy: row.claimedByUserId ? { id: row.claimedByUserId, name: row.claimedByName ?? '' } : null,
    claimedAt: row.claimedAt?.toISOString() ?? null,
    decidedBy: row.decidedByUserId ? { id: row.decidedByUserId, name: row.decidedByName ?? '' } : null,
    hashes,
  };
}
