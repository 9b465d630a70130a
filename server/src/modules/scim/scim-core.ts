import { SCIM_SCHEMA_IDS, type ErrorCode, type ErrorReason } from '@muster/contracts';
import SCIMMY from 'scimmy';
import { DomainError } from '../../platform/errors/domain-error.js';

/**
 * The protocol's pure parts: SCIM errors, the identity providers' quirks normalised before the
 * core, strict filters (scimmy parses and matches them), patches (scimmy applies them), and the
 * resources as SCIM JSON. Nothing here touches the database.
 */

let extended = false;
/** The User schema with the enterprise extension (scimmy keeps its schemas in module state). */
export function scimmy(): typeof SCIMMY {
  if (!extended) {
    SCIMMY.Schemas.User.extend(SCIMMY.Schemas.EnterpriseUser as never);
    extended = true;
  }
  return SCIMMY;
}

export type ScimType = 'invalidFilter' | 'invalidSyntax' | 'invalidValue' | 'invalidPath' | 'noTarget' | 'mutability' | 'uniqueness';

/** The scimType each SCIM reason is answered with. */
export const SCIM_TYPE_OF: Partial<Record<ErrorReason, ScimType>> = {
  'scim.invalidFilter': 'invalidFilter',
  'scim.invalidSyntax': 'invalidSyntax',
  'scim.invalidValue': 'invalidValue',
  'scim.invalidPath': 'invalidPath',
  'scim.noTarget': 'noTarget',
  'scim.mutability': 'mutability',
  'scim.userNameTaken': 'uniqueness',
  'scim.otherOrganization': 'uniqueness',
  'scim.groupNameTaken': 'uniqueness',
  'scim.noEmail': 'invalidValue',
  'validation.required': 'invalidValue',
  'common.malformedJson': 'invalidSyntax',
};

/** A 400 of the protocol with its scimType and a detail. */
export function scimBadRequest(type: Exclude<ScimType, 'uniqueness'>, detail: string): DomainError {
  return new DomainError('BAD_REQUEST', `scim.${type}`, { detail: detail.slice(0, 500) });
}

/** Whatever scimmy threw, as our error (its SCIMError carries status and scimType; a schema error carries neither). */
export function fromScimmy(err: unknown, fallback: Exclude<ScimType, 'uniqueness'>): DomainError {
  if (err instanceof DomainError) return err;
  const e = (typeof err === 'object' && err !== null ? err : {}) as { status?: number; scimType?: string; message?: string };
  const detail = typeof e.message === 'string' ? e.message : 'invalid request';
  const known: ScimType[] = ['invalidFilter', 'invalidSyntax', 'invalidValue', 'invalidPath', 'noTarget', 'mutability'];
  const type = known.includes(e.scimType as ScimType) ? (e.scimType as Exclude<ScimType, 'uniqueness'>) : fallback;
  return scimBadRequest(type, detail);
}

/** The SCIM error body of an answer (RFC 7644 §3.12). */
export function scimErrorBody(status: number, reason: string | undefined, detail: string): Record<string, unknown> {
  const scimType = reason ? SCIM_TYPE_OF[reason as ErrorReason] : undefined;
  return { schemas: [SCIM_SCHEMA_IDS.error], status: String(status), ...(scimType ? { scimType } : {}), detail };
}

// ---------------------------------------------------------------- quirks

const BOOLEAN_STRINGS: Record<string, boolean> = { true: true, false: false };

/** `"True"`/`"False"` (Entra sends strings) as booleans; anything else as it was. */
export function booleanOf(value: unknown): unknown {
  if (typeof value === 'string' && value.toLowerCase() in BOOLEAN_STRINGS) return BOOLEAN_STRINGS[value.toLowerCase()];
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A user resource as sent, with `active` a boolean. */
export function normaliseUserBody(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw scimBadRequest('invalidSyntax', 'The body must be a JSON object');
  const out: Record<string, unknown> = { ...body };
  if ('active' in out) out.active = booleanOf(out.active);
  if (!Array.isArray(out.schemas)) out.schemas = [SCIM_SCHEMA_IDS.user];
  return out;
}

export function normaliseGroupBody(body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw scimBadRequest('invalidSyntax', 'The body must be a JSON object');
  const out: Record<string, unknown> = { ...body };
  if (!Array.isArray(out.schemas)) out.schemas = [SCIM_SCHEMA_IDS.group];
  return out;
}

export interface PatchOperation {
  op: 'add' | 'remove' | 'replace';
  path?: string;
  value?: unknown;
}

const ESCAPED = (value: string): string => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

/**
 * A PatchOp as Okta and Entra send it, made standard: op names in any case ("Replace"), `active`
 * as the string "False", a path-less operation whose value names sub-attributes, and the removal
 * of group members by a value array (Entra) — each member becomes `members[value eq "…"]`.
 */
export function normalisePatch(body: unknown): { schemas: [typeof SCIM_SCHEMA_IDS.patchOp]; Operations: PatchOperation[] } {
  if (!isObject(body)) throw scimBadRequest('invalidSyntax', 'The body must be a PatchOp JSON object');
  const schemas = body.schemas;
  if (schemas !== undefined && !(Array.isArray(schemas) && schemas.includes(SCIM_SCHEMA_IDS.patchOp))) {
    throw scimBadRequest('invalidSyntax', `A PatchOp names the schema ${SCIM_SCHEMA_IDS.patchOp}`);
  }
  const raw = body.Operations ?? body.operations;
  if (!Array.isArray(raw) || raw.length === 0) throw scimBadRequest('invalidSyntax', 'A PatchOp needs a non-empty Operations array');
  const operations: PatchOperation[] = [];
  raw.forEach((entry: unknown, index) => {
    if (!isObject(entry)) throw scimBadRequest('invalidSyntax', `Operation ${index + 1} is not an object`);
    const op = typeof entry.op === 'string' ? entry.op.toLowerCase() : '';
    if (op !== 'add' && op !== 'remove' && op !== 'replace') {
      throw scimBadRequest('invalidSyntax', `Operation ${index + 1} has an unknown op '${String(entry.op)}'`);
    }
    if (entry.path !== undefined && typeof entry.path !== 'string') {
      throw scimBadRequest('invalidPath', `Operation ${index + 1} has a path that is not a string`);
    }
    const path = typeof entry.path === 'string' ? entry.path.trim() : undefined;
    let value = entry.value;
    if (path && /^active$/i.test(path)) value = booleanOf(value);
    if (!path && isObject(value) && 'active' in value) value = { ...value, active: booleanOf(value.active) };
    // Entra: {"op":"Remove","path":"members","value":[{"value":"<id>"}]}
    if (op === 'remove' && path && /^members$/i.test(path) && Array.isArray(value)) {
      for (const member of value) {
        const id = isObject(member) ? member.value : undefined;
        if (typeof id !== 'string') throw scimBadRequest('invalidValue', `Operation ${index + 1} names a member without a value`);
        operations.push({ op: 'remove', path: `members[value eq "${ESCAPED(id)}"]` });
      }
      return;
    }
    operations.push({ op, ...(path ? { path } : {}), ...(value !== undefined ? { value } : {}) });
  });
  return { schemas: [SCIM_SCHEMA_IDS.patchOp], Operations: operations };
}

// ---------------------------------------------------------------- filters

const COMPARATORS = new Set(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le', 'pr']);
/** Attributes compared without regard to case (caseExact false in RFC 7643). */
const CASE_INSENSITIVE = new Set(['username', 'displayname', 'emails.value', 'externalid']);

type FilterNode = Record<string, unknown>;

/** Walks a parsed filter's leaves (`[op, value]` or `["not", op, value]`) with their dotted paths. */
function walk(node: FilterNode, visit: (path: string, leaf: unknown[]) => void, prefix = ''): void {
  for (const [key, value] of Object.entries(node)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (Array.isArray(value)) visit(path.toLowerCase(), value);
    else if (isObject(value)) walk(value, visit, path);
  }
}

/**
 * A filter parsed strictly: scimmy parses it, and we refuse what it lets through (a dangling
 * `and`/`or`, a comparison without its value, an unknown operator). Values of case-insensitive
 * attributes are lower-cased (the resources they are matched with are too: `matchable`).
 */
export function parseFilter(expression: string): InstanceType<typeof SCIMMY.Types.Filter> {
  // Entra and others capitalise boolean literals; scimmy reads only true/false.
  const text = expression
    .trim()
    .replace(/\b(eq|ne)\s+(True|False|TRUE|FALSE)\b/g, (_, op: string, b: string) => `${op} ${b.toLowerCase()}`);
  if (!text) throw scimBadRequest('invalidFilter', 'The filter is empty');
  if (text.length > 2000) throw scimBadRequest('invalidFilter', 'The filter is too long');
  if (/(^|\s)(and|or|not)\s*$/i.test(text) || /^(and|or)(\s|$)/i.test(text)) {
    throw scimBadRequest('invalidFilter', `The filter '${text}' ends or starts with a logical operator`);
  }
  let filter: InstanceType<typeof SCIMMY.Types.Filter>;
  try {
    filter = new (scimmy().Types.Filter)(text);
  } catch (err) {
    throw fromScimmy(err, 'invalidFilter');
  }
  // scimmy's filters are immutable: check and lower-case a copy, then build the filter from it.
  const nodes = JSON.parse(JSON.stringify(filter)) as FilterNode[];
  for (const node of nodes) {
    walk(node, (path, leaf) => {
      const parts = leaf[0] === 'not' ? leaf.slice(1) : leaf;
      const op = String(parts[0]).toLowerCase();
      if (!COMPARATORS.has(op)) throw scimBadRequest('invalidFilter', `Unknown operator '${String(parts[0])}' for ${path}`);
      if (op !== 'pr' && parts.length < 2) throw scimBadRequest('invalidFilter', `The comparison of ${path} has no value`);
      const i = leaf[0] === 'not' ? 2 : 1;
      if (CASE_INSENSITIVE.has(path) && typeof leaf[i] === 'string') leaf[i] = leaf[i].toLowerCase();
    });
  }
  try {
    return new (scimmy().Types.Filter)(nodes);
  } catch (err) {
    throw fromScimmy(err, 'invalidFilter');
  }
}

/** A resource as the filter sees it: case-insensitive values lower-cased, extension attributes also by their full URN path. */
export function matchable(resource: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...resource };
  for (const key of ['userName', 'displayName', 'externalId']) {
    if (typeof out[key] === 'string') out[key] = out[key].toLowerCase();
  }
  if (Array.isArray(out.emails)) {
    out.emails = out.emails.map((e: unknown) => (isObject(e) && typeof e.value === 'string' ? { ...e, value: e.value.toLowerCase() } : e));
  }
  const ext = out[SCIM_SCHEMA_IDS.enterpriseUser];
  if (isObject(ext)) for (const [k, v] of Object.entries(ext)) out[`${SCIM_SCHEMA_IDS.enterpriseUser}:${k}`] = v;
  return out;
}

/** The resources a filter selects (in their order). */
export function applyFilter<T extends Record<string, unknown>>(
  filter: InstanceType<typeof SCIMMY.Types.Filter> | null,
  resources: T[],
): T[] {
  if (!filter) return resources;
  // One resource at a time: scimmy throws on a sub-attribute filter of a resource that lacks the
  // attribute (no emails, no name), which is simply no match.
  return resources.filter((resource) => {
    try {
      return filter.match([matchable(resource)]).length === 1;
    } catch {
      return false;
    }
  });
}

// ---------------------------------------------------------------- users

/** What Muster keeps of a user resource. */
export interface UserInput {
  userName: string;
  externalId: string | null;
  active: boolean;
  /** name, displayName, emails, phoneNumbers, title, … and the enterprise extension. */
  attributes: Record<string, unknown>;
}

const USER_KEPT_ELSEWHERE = new Set(['schemas', 'id', 'meta', 'userName', 'externalId', 'active', 'groups', 'password']);

/** A user resource checked against the User schema (and its enterprise extension). */
export function parseUser(body: Record<string, unknown>): UserInput {
  let coerced: Record<string, unknown>;
  try {
    const schemas = Array.isArray(body.schemas) ? (body.schemas as unknown[]) : [];
    const withSchemas =
      SCIM_SCHEMA_IDS.enterpriseUser in body && !schemas.includes(SCIM_SCHEMA_IDS.enterpriseUser)
        ? { ...body, schemas: [...schemas, SCIM_SCHEMA_IDS.enterpriseUser] }
        : body;
    coerced = JSON.parse(JSON.stringify(new (scimmy().Schemas.User)(withSchemas, 'in'))) as Record<string, unknown>;
  } catch (err) {
    throw fromScimmy(err, 'invalidValue');
  }
  const userName = typeof coerced.userName === 'string' ? coerced.userName.trim() : '';
  if (!userName) throw scimBadRequest('invalidValue', "Required attribute 'userName' is missing");
  if (userName.length > 254) throw scimBadRequest('invalidValue', 'userName is longer than 254 characters');
  const attributes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(coerced)) if (!USER_KEPT_ELSEWHERE.has(key)) attributes[key] = value;
  const externalId = typeof coerced.externalId === 'string' ? coerced.externalId.slice(0, 254) : null;
  return { userName, externalId, active: coerced.active === undefined ? true : coerced.active === true, attributes };
}

/** The address a user signs in with: the primary email, else the work one, else the first, else a userName that is an address. */
export function emailOf(input: UserInput): string | null {
  const emails = Array.isArray(input.attributes.emails)
    ? (input.attributes.emails as { value?: unknown; type?: unknown; primary?: unknown }[])
    : [];
  const pick = emails.find((e) => e.primary === true) ?? emails.find((e) => e.type === 'work') ?? emails[0];
  const candidate = typeof pick?.value === 'string' ? pick.value : input.userName;
  const email = candidate.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) && email.length <= 254 ? email : null;
}

export function namesOf(input: UserInput): { firstName: string | null; lastName: string | null } {
  const name = isObject(input.attributes.name) ? input.attributes.name : {};
  const part = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : null);
  return { firstName: part(name.givenName), lastName: part(name.familyName) };
}

export interface StoredUser {
  id: string;
  userName: string;
  externalId: string | null;
  active: boolean;
  attributes: Record<string, unknown>;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  groups: { id: string; displayName: string }[];
}

export function userResource(user: StoredUser, base: string): Record<string, unknown> {
  const hasExtension = isObject(user.attributes[SCIM_SCHEMA_IDS.enterpriseUser]);
  return {
    schemas: hasExtension ? [SCIM_SCHEMA_IDS.user, SCIM_SCHEMA_IDS.enterpriseUser] : [SCIM_SCHEMA_IDS.user],
    id: user.id,
    ...(user.externalId ? { externalId: user.externalId } : {}),
    userName: user.userName,
    ...user.attributes,
    active: user.active,
    groups: user.groups.map((g) => ({ value: g.id, display: g.displayName, $ref: `${base}/Groups/${g.id}`, type: 'direct' })),
    meta: {
      resourceType: 'User',
      created: user.createdAt.toISOString(),
      lastModified: user.updatedAt.toISOString(),
      location: `${base}/Users/${user.id}`,
      version: `W/"${user.version}"`,
    },
  };
}

/** The resource a patch starts from: what a client could have sent (no id, meta or groups). */
export function userPatchBase(user: StoredUser): Record<string, unknown> {
  const hasExtension = isObject(user.attributes[SCIM_SCHEMA_IDS.enterpriseUser]);
  return {
    schemas: hasExtension ? [SCIM_SCHEMA_IDS.user, SCIM_SCHEMA_IDS.enterpriseUser] : [SCIM_SCHEMA_IDS.user],
    ...(user.externalId ? { externalId: user.externalId } : {}),
    userName: user.userName,
    ...user.attributes,
    active: user.active,
  };
}

/** Applies a (normalised) PatchOp to a user: the patched resource, as a body to store. */
const TYPED_VALUE_PATH =
  /^(emails|phoneNumbers|addresses|ims|photos|entitlements|roles|x509Certificates)\[\s*type\s+eq\s+"([^"]*)"\s*\]\.(\w+)$/i;
const MANAGER_PATH = new RegExp(`^${SCIM_SCHEMA_IDS.enterpriseUser.replace(/[.:]/g, (c) => `\\${c}`)}:manager$`, 'i');

/**
 * Entra's user patches made standard against the resource they change: an `add`/`replace` of
 * `emails[type eq "work"].value` when the user has no work address yet adds one (`{type, value}`)
 * rather than failing with noTarget, and the enterprise `manager` given as a bare id becomes
 * `{value: id}`.
 */
export function normaliseUserOperations(operations: PatchOperation[], base: Record<string, unknown>): PatchOperation[] {
  return operations.map((operation) => {
    const { op, path } = operation;
    let value = operation.value;
    if (path && MANAGER_PATH.test(path) && typeof value === 'string') value = { value };
    if (!path && isObject(value)) {
      const key = Object.keys(value).find((k) => MANAGER_PATH.test(k));
      if (key && typeof value[key] === 'string') value = { ...value, [key]: { value: value[key] } };
    }
    const typed = path && op !== 'remove' ? TYPED_VALUE_PATH.exec(path) : null;
    if (typed) {
      const [, attribute, type, sub] = typed as unknown as [string, string, string, string];
      const key = Object.keys(base).find((k) => k.toLowerCase() === attribute.toLowerCase()) ?? attribute;
      const current = Array.isArray(base[key]) ? (base[key] as unknown[]) : [];
      const exists = current.some(
        (entry) => isObject(entry) && typeof entry.type === 'string' && entry.type.toLowerCase() === type.toLowerCase(),
      );
      if (!exists) return { op: 'add', path: key, value: [{ type, [sub]: value }] };
    }
    return { ...operation, ...(value !== undefined ? { value } : {}) };
  });
}

export async function patchUser(user: StoredUser, body: unknown): Promise<Record<string, unknown>> {
  const message = normalisePatch(body);
  const base = userPatchBase(user);
  message.Operations = normaliseUserOperations(message.Operations, base);
  try {
    const S = scimmy();
    // scimmy answers nothing when the operations changed nothing.
    const patched = (await new S.Messages.PatchOp(message as never).apply(new S.Schemas.User(base, 'in'))) as object | undefined;
    return JSON.parse(JSON.stringify(patched ?? base)) as Record<string, unknown>;
  } catch (err) {
    throw fromScimmy(err, 'invalidValue');
  }
}

// ---------------------------------------------------------------- groups

export interface GroupInput {
  displayName: string;
  externalId: string | null;
  /** Member ids (SCIM user ids). */
  members: string[];
}

export function parseGroup(body: Record<string, unknown>): GroupInput {
  let coerced: Record<string, unknown>;
  try {
    coerced = JSON.parse(JSON.stringify(new (scimmy().Schemas.Group)(body, 'in'))) as Record<string, unknown>;
  } catch (err) {
    throw fromScimmy(err, 'invalidValue');
  }
  const displayName = typeof coerced.displayName === 'string' ? coerced.displayName.trim() : '';
  if (!displayName) throw scimBadRequest('invalidValue', "Required attribute 'displayName' is missing");
  if (displayName.length > 254) throw scimBadRequest('invalidValue', 'displayName is longer than 254 characters');
  const members = Array.isArray(coerced.members) ? (coerced.members as { value?: unknown }[]) : [];
  const ids = members.map((m) => m.value);
  if (ids.some((v) => typeof v !== 'string')) throw scimBadRequest('invalidValue', 'Every member needs a value');
  return {
    displayName,
    externalId: typeof coerced.externalId === 'string' ? coerced.externalId.slice(0, 254) : null,
    members: [...new Set(ids as string[])],
  };
}

export interface StoredGroup {
  id: string;
  displayName: string;
  externalId: string | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  members: { id: string; userName: string }[];
}

export function groupResource(group: StoredGroup, base: string): Record<string, unknown> {
  return {
    schemas: [SCIM_SCHEMA_IDS.group],
    id: group.id,
    ...(group.externalId ? { externalId: group.externalId } : {}),
    displayName: group.displayName,
    members: group.members.map((m) => ({ value: m.id, display: m.userName, $ref: `${base}/Users/${m.id}`, type: 'User' })),
    meta: {
      resourceType: 'Group',
      created: group.createdAt.toISOString(),
      lastModified: group.updatedAt.toISOString(),
      location: `${base}/Groups/${group.id}`,
      version: `W/"${group.version}"`,
    },
  };
}

export async function patchGroup(group: StoredGroup, body: unknown): Promise<Record<string, unknown>> {
  const message = normalisePatch(body);
  const base = {
    schemas: [SCIM_SCHEMA_IDS.group],
    ...(group.externalId ? { externalId: group.externalId } : {}),
    displayName: group.displayName,
    ...(group.members.length ? { members: group.members.map((m) => ({ value: m.id, display: m.userName })) } : {}),
  };
  try {
    const S = scimmy();
    const patched = (await new S.Messages.PatchOp(message as never).apply(new S.Schemas.Group(base, 'in'))) as object | undefined;
    return JSON.parse(JSON.stringify(patched ?? base)) as Record<string, unknown>;
  } catch (err) {
    throw fromScimmy(err, 'invalidValue');
  }
}

// ---------------------------------------------------------------- paging

export interface Page {
  startIndex: number;
  count: number;
}

/** startIndex (1-based, below 1 is 1) and count (below 0 is 0, capped), as RFC 7644 §3.4.2.4 says. */
export function pageOf(query: Record<string, unknown>, max: number): Page {
  const num = (v: unknown, fallback: number): number => {
    if (v === undefined || v === '') return fallback;
    const n = Number(v);
    if (!Number.isInteger(n))
      throw scimBadRequest('invalidValue', `'${typeof v === 'string' ? v : JSON.stringify(v)}' is not a whole number`);
    return n;
  };
  return { startIndex: Math.max(1, num(query.startIndex, 1)), count: Math.min(max, Math.max(0, num(query.count, max))) };
}

export function listResponse(resources: Record<string, unknown>[], page: Page): Record<string, unknown> {
  const slice = resources.slice(page.startIndex - 1, page.startIndex - 1 + page.count);
  return {
    schemas: [SCIM_SCHEMA_IDS.listResponse],
    totalResults: resources.length,
    startIndex: page.startIndex,
    itemsPerPage: slice.length,
    Resources: slice,
  };
}

export const SCIM_ERROR_CODE: Record<number, ErrorCode> = { 400: 'BAD_REQUEST', 404: 'NOT_FOUND', 409: 'CONFLICT' };
