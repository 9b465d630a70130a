import { DomainError } from '../../platform/errors/domain-error.js';
import {
  applyFilter,
  booleanOf,
  emailOf,
  listResponse,
  normalisePatch,
  pageOf,
  parseFilter,
  parseGroup,
  parseUser,
  patchGroup,
  patchUser,
  scimErrorBody,
  userResource,
  type StoredGroup,
  type StoredUser,
} from './scim-core.js';

const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

function reasonOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (err) {
    return err instanceof DomainError ? `${err.status} ${err.reason}` : `other ${String(err)}`;
  }
  return undefined;
}

async function asyncReasonOf(fn: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await fn();
  } catch (err) {
    return err instanceof DomainError ? `${err.status} ${err.reason}` : `other ${String(err)}`;
  }
  return undefined;
}

const user = (over: Partial<StoredUser> = {}): StoredUser => ({
  id: '5d0a3c8e-4b1f-4c52-9d2e-111111111111',
  userName: 'Ada.Lovelace@Harbor.example',
  externalId: 'okta-1',
  active: true,
  attributes: {
    name: { givenName: 'Ada', familyName: 'Lovelace' },
    displayName: 'Ada Lovelace',
    emails: [
      { value: 'ada@home.example', type: 'home' },
      { value: 'Ada.Lovelace@Harbor.example', type: 'work', primary: true },
    ],
    [ENTERPRISE]: { department: 'Pilotage' },
  },
  version: 4,
  createdAt: new Date('2026-11-01T10:00:00Z'),
  updatedAt: new Date('2026-11-02T10:00:00Z'),
  groups: [],
  ...over,
});

describe('the quirks of Entra and Okta, normalised', () => {
  it('reads "True"/"False" strings as booleans and leaves anything else', () => {
    expect([booleanOf('False'), booleanOf('TRUE'), booleanOf(true), booleanOf('maybe')]).toEqual([false, true, true, 'maybe']);
  });

  it('lower-cases op names, makes active a boolean, and turns a member value array into one removal per member', () => {
    expect(
      normalisePatch({
        schemas: [PATCH],
        Operations: [
          { op: 'Replace', path: 'active', value: 'False' },
          { op: 'Replace', value: { active: 'True', 'name.givenName': 'Ada' } },
          { op: 'Remove', path: 'members', value: [{ value: 'a"1' }, { value: 'b2' }] },
          { op: 'Add', path: 'members', value: [{ value: 'c3' }] },
        ],
      }).Operations,
    ).toEqual([
      { op: 'replace', path: 'active', value: false },
      { op: 'replace', value: { active: true, 'name.givenName': 'Ada' } },
      { op: 'remove', path: 'members[value eq "a\\"1"]' },
      { op: 'remove', path: 'members[value eq "b2"]' },
      { op: 'add', path: 'members', value: [{ value: 'c3' }] },
    ]);
  });

  it('refuses what is no PatchOp with invalidSyntax', () => {
    expect(reasonOf(() => normalisePatch(null))).toBe('400 scim.invalidSyntax');
    expect(reasonOf(() => normalisePatch({ schemas: [PATCH], Operations: [] }))).toBe('400 scim.invalidSyntax');
    expect(reasonOf(() => normalisePatch({ schemas: ['urn:x'], Operations: [{ op: 'add' }] }))).toBe('400 scim.invalidSyntax');
    expect(reasonOf(() => normalisePatch({ Operations: [{ op: 'move', path: 'x' }] }))).toBe('400 scim.invalidSyntax');
    expect(reasonOf(() => normalisePatch({ Operations: [{ op: 'add', path: 7 }] }))).toBe('400 scim.invalidPath');
  });
});

describe('filters', () => {
  const resources = [
    userResource(user(), 'https://muster.example/api/scim/v2'),
    userResource(user({ id: 'x', userName: 'bob', active: false, attributes: {} }), ''),
  ];

  it.each([
    ['userName eq "ADA.LOVELACE@harbor.example"', 1],
    ['userName eq "nobody"', 0],
    ['emails[type eq "work"].value co "lovelace"', 1],
    ['emails[type eq "work" and value sw "ADA"]', 1],
    ['name.familyName sw "Love"', 1],
    [`${ENTERPRISE}:department eq "Pilotage"`, 1],
    ['active eq False', 1],
    ['displayName pr', 1],
    ['userName eq "bob" or externalId eq "OKTA-1"', 2],
    ['not (userName eq "bob")', 1],
  ])('%s selects %i', (filter, count) => {
    expect(applyFilter(parseFilter(filter), resources)).toHaveLength(count);
  });

  it.each(['userName eq', 'userName xx "a"', '((userName eq "a")', 'userName eq "a" and', 'userName', 'emails[type eq "work"', 'and', ' '])(
    'refuses %j with invalidFilter',
    (filter) => {
      expect(reasonOf(() => parseFilter(filter))).toBe('400 scim.invalidFilter');
    },
  );
});

describe('users', () => {
  it('keeps the schema attributes and the enterprise extension, never a password', () => {
    const parsed = parseUser({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
      userName: ' Ada@Harbor.example ',
      password: 'secret',
      active: false,
      title: 'Pilot',
      [ENTERPRISE]: { costCenter: 'CC-1' },
    });
    expect(parsed).toEqual({
      userName: 'Ada@Harbor.example',
      externalId: null,
      active: false,
      attributes: { title: 'Pilot', [ENTERPRISE]: { costCenter: 'CC-1' } },
    });
  });

  it('takes the primary address, else the work one, else a userName that is an address', () => {
    expect(
      emailOf(
        parseUser({
          userName: 'ada',
          emails: [
            { value: 'A@X.example', type: 'home' },
            { value: 'w@x.example', type: 'work' },
          ],
        }),
      ),
    ).toBe('w@x.example');
    expect(
      emailOf(
        parseUser({
          userName: 'ada',
          emails: [
            { value: 'P@X.example', primary: true },
            { value: 'w@x.example', type: 'work' },
          ],
        }),
      ),
    ).toBe('p@x.example');
    expect(emailOf(parseUser({ userName: 'Ada@Harbor.example' }))).toBe('ada@harbor.example');
    expect(emailOf(parseUser({ userName: 'ada' }))).toBeNull();
  });

  it('refuses a user without a userName or with wrong types, with invalidValue', () => {
    expect(reasonOf(() => parseUser({}))).toBe('400 scim.invalidValue');
    expect(reasonOf(() => parseUser({ userName: 5 }))).toBe('400 scim.invalidValue');
    expect(reasonOf(() => parseUser({ userName: 'a', emails: 'a@b.c' }))).toBe('400 scim.invalidValue');
  });

  it('patches through scimmy: a filtered path, a path-less replace, the extension', async () => {
    const patched = await patchUser(user(), {
      schemas: [PATCH],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: 'ada@new.example' },
        { op: 'replace', value: { 'name.givenName': 'Augusta', active: 'False' } },
        { op: 'add', path: `${ENTERPRISE}:employeeNumber`, value: '701' },
        { op: 'remove', path: 'displayName' },
      ],
    });
    const input = parseUser(patched);
    expect(input.active).toBe(false);
    expect(input.attributes).toMatchObject({
      name: { givenName: 'Augusta', familyName: 'Lovelace' },
      [ENTERPRISE]: { department: 'Pilotage', employeeNumber: '701' },
    });
    expect(input.attributes.displayName).toBeUndefined();
    expect(emailOf(input)).toBe('ada@new.example');
    expect(await asyncReasonOf(() => patchUser(user(), { Operations: [{ op: 'replace', path: 'nosuch', value: 1 }] }))).toBe(
      '400 scim.invalidPath',
    );
    expect(await asyncReasonOf(() => patchUser(user(), { Operations: [{ op: 'remove' }] }))).toBe('400 scim.noTarget');
  });

  it('adds a typed value Entra names by a filter when the user has none of that type, and takes a bare manager id', async () => {
    const patched = await patchUser(user(), {
      schemas: [PATCH],
      Operations: [
        { op: 'Add', path: 'phoneNumbers[type eq "mobile"].value', value: '+44 20 7946 0000' },
        { op: 'Replace', path: 'addresses[type eq "work"].locality', value: 'Harbor Point' },
        { op: 'Replace', path: `${ENTERPRISE}:manager`, value: 'a4f3c2d1' },
        { op: 'Remove', path: 'nickName' },
      ],
    });
    expect(parseUser(patched).attributes).toMatchObject({
      phoneNumbers: [{ type: 'mobile', value: '+44 20 7946 0000' }],
      addresses: [{ type: 'work', locality: 'Harbor Point' }],
      [ENTERPRISE]: { department: 'Pilotage', manager: { value: 'a4f3c2d1' } },
    });
  });

  it('renders the resource with its groups, location and version', () => {
    const resource = userResource(user({ groups: [{ id: 'g1', displayName: 'Pilots' }] }), 'https://m.example/api/scim/v2');
    expect(resource).toMatchObject({
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:User', ENTERPRISE],
      id: user().id,
      externalId: 'okta-1',
      groups: [{ value: 'g1', display: 'Pilots', $ref: 'https://m.example/api/scim/v2/Groups/g1' }],
      meta: { resourceType: 'User', version: 'W/"4"', location: `https://m.example/api/scim/v2/Users/${user().id}` },
    });
  });
});

describe('groups', () => {
  const group: StoredGroup = {
    id: 'g1',
    displayName: 'Pilots',
    externalId: null,
    version: 1,
    createdAt: new Date(),
    updatedAt: new Date(),
    members: [
      { id: 'u1', userName: 'a' },
      { id: 'u2', userName: 'b' },
    ],
  };

  it('adds and removes members in one patch, in Entra’s and Okta’s forms', async () => {
    const patched = await patchGroup(group, {
      schemas: [PATCH],
      Operations: [
        { op: 'Remove', path: 'members', value: [{ value: 'u1' }] },
        { op: 'add', path: 'members', value: [{ value: 'u3' }] },
        { op: 'remove', path: 'members[value eq "u2"]' },
      ],
    });
    expect(parseGroup(patched).members).toEqual(['u3']);
  });

  it('needs a displayName and member values', () => {
    expect(reasonOf(() => parseGroup({ displayName: '' }))).toBe('400 scim.invalidValue');
    expect(reasonOf(() => parseGroup({ displayName: 'x', members: [{ display: 'no value' }] }))).toBe('400 scim.invalidValue');
  });
});

describe('paging and errors', () => {
  it('reads startIndex and count as RFC 7644 says (below 1 is 1, negative count is 0, capped)', () => {
    expect(pageOf({}, 200)).toEqual({ startIndex: 1, count: 200 });
    expect(pageOf({ startIndex: '-3', count: '-1' }, 200)).toEqual({ startIndex: 1, count: 0 });
    expect(pageOf({ startIndex: '6', count: '5000' }, 200)).toEqual({ startIndex: 6, count: 200 });
    expect(reasonOf(() => pageOf({ count: 'many' }, 200))).toBe('400 scim.invalidValue');
    expect(listResponse([{ a: 1 }, { a: 2 }, { a: 3 }], { startIndex: 2, count: 5 })).toMatchObject({
      totalResults: 3,
      startIndex: 2,
      itemsPerPage: 2,
    });
  });

  it('writes SCIM error bodies with the scimType of the reason', () => {
    expect(scimErrorBody(409, 'scim.userNameTaken', 'taken')).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '409',
      scimType: 'uniqueness',
      detail: 'taken',
    });
    expect(scimErrorBody(401, 'scim.unauthenticated', 'no')).not.toHaveProperty('scimType');
  });
});
