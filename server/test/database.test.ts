import { DataSource } from 'typeorm';
import { createDataSource, pendingSchemaChanges } from '../src/database/data-source.js';
import { DEMO_ORGANIZATION, DEMO_USERS, isEmpty, seedDemoData } from '../src/database/seed.js';
import { Membership } from '../src/modules/identity/entities/membership.entity.js';
import { User } from '../src/modules/identity/entities/user.entity.js';
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
    const memberships = await ds.getRepository(Membership).find({ relations: { organization: true } });
    expect(memberships).toHaveLength(DEMO_USERS.length);
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
