import { DataSource, In } from 'typeorm';
import { createDataSource, pendingSchemaChanges } from '../src/database/data-source.js';
import { DEMO_ORGANIZATION, DEMO_USERS, isEmpty, seedDemoData } from '../src/database/seed.js';
import { DEMO_MEMBERS } from '../src/database/seed-members.js';
import { Membership } from '../src/modules/identity/entities/membership.entity.js';
import { User } from '../src/modules/identity/entities/user.entity.js';
import { TERMINATED_DEMO } from '../src/database/seed-recovery.js';
import { createTestDatabase } from './support/databases.js';

describe('Database', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource(db.url, 2, false);
    await ds.initialize();
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  it('has migrations that agree with the entities', async () => {
    expect(await pendingSchemaChanges(ds)).toEqual([]);
  });

  it('seeds the demo organisation with one user per role, once', async () => {
    expect(await isEmpty(ds)).toBe(true);
    const hash = (password: string) => Promise.resolve(`hashed:${password}`);
    expect(await seedDemoData(ds, hash)).toEqual({ created: true });
    expect(await seedDemoData(ds, hash)).toEqual({ created: false });
    const all = await ds.getRepository(Membership).find({ relations: { organization: true } });
    // Beside the demo organisation: a terminated one with its two members (seed-recovery.ts).
    expect(all.filter((m) => m.organization?.name === TERMINATED_DEMO.name)).toHaveLength(2);
    // One membership per demo login, plus the further members of the member screens (seed-members.ts);
    // support's suspended and frozen examples (seed-controls.ts) are not counted here.
    const memberships = await ds
      .getRepository(Membership)
      .find({ where: { user: { email: In([...DEMO_USERS, ...DEMO_MEMBERS].map((u) => u.email)) } }, relations: { organization: true } });
    expect(memberships).toHaveLength(DEMO_USERS.length + DEMO_MEMBERS.length);
    for (const m of memberships) {
      const platform = ['ROOT_ADMIN', 'DEPUTY_ADMIN', 'SYSOPS'].includes(m.role);
      expect(m.organization?.name ?? null).toBe(platform ? null : DEMO_ORGANIZATION);
    }
  });

  it('stores emails lower-cased only', async () => {
    const users = ds.getRepository(User);
    await expect(users.insert({ username: 'mixed', email: 'Mixed@Example.com' })).rejects.toThrow(/users_email_lower_check/);
  });
});

describe('Transactions on a pool of one connection', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let ds: DataSource;

  beforeAll(async () => {
    db = await createTestDatabase();
    ds = createDataSource(db.url, 1, false);
    await ds.initialize();
  });

  afterAll(async () => {
    await ds?.destroy();
    await db?.drop();
  });

  // Without the transaction context each of these waits forever for a second connection.
  it('sends every query made inside a transaction through its connection', async () => {
    const users = ds.getRepository(User); // a repository injected elsewhere, not the transaction's
    const seen = await ds.transaction(async (tx) => {
      await tx.insert(User, { username: 'inside', email: 'inside@example.com' });
      const [{ pid: txPid }] = await tx.query<[{ pid: number }]>('SELECT pg_backend_pid() AS pid');
      const [{ pid: outsidePid }] = await ds.query<[{ pid: number }]>('SELECT pg_backend_pid() AS pid');
      const builder = await ds.createQueryBuilder(User, 'u').where('u.username = :name', { name: 'inside' }).getOne();
      return {
        sameConnection: txPid === outsidePid,
        byRepository: await users.exists({ where: { username: 'inside' } }),
        byBuilder: builder?.email,
      };
    });
    expect(seen).toEqual({ sameConnection: true, byRepository: true, byBuilder: 'inside@example.com' });
  });

  it('makes a nested transaction a savepoint that rolls back alone', async () => {
    await ds.transaction(async (tx) => {
      await tx.insert(User, { username: 'kept', email: 'kept@example.com' });
      await expect(
        ds.transaction(async (inner) => {
          await inner.insert(User, { username: 'undone', email: 'undone@example.com' });
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    const names = (await ds.getRepository(User).find({ where: [{ username: 'kept' }, { username: 'undone' }] })).map((u) => u.username);
    expect(names).toEqual(['kept']);
  });

  it('rolls back what the code inside wrote through other repositories', async () => {
    await expect(
      ds.transaction(async () => {
        await ds.getRepository(User).insert({ username: 'rolled', email: 'rolled@example.com' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await ds.getRepository(User).exists({ where: { username: 'rolled' } })).toBe(false);
  });

  it('lets work started inside and finished after the commit use the pool again', async () => {
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let later!: Promise<number>;
    await ds.transaction(async (tx) => {
      await tx.insert(User, { username: 'after', email: 'after@example.com' });
      // Registered inside the transaction (so it carries its context), run after it ended.
      later = gate.then(() => ds.getRepository(User).count({ where: { username: 'after' } }));
    });
    open();
    expect(await later).toBe(1);
    // Concurrent transactions queue for the one connection and all finish.
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => ds.transaction((tx) => tx.insert(User, { username: `c${i}`, email: `c${i}@example.com` }))),
    );
    expect(await ds.getRepository(User).count({ where: { username: 'c4' } })).toBe(1);
  });
});
