import { TestClient } from './client.js';

/** The password of every seeded demo user. */
export const DEMO_PASSWORD = 'Muster!Demo2026';

/** A browser-like client signed in as `email` (a seeded demo user unless a password is given). */
export async function signIn(baseUrl: string, email: string, password = DEMO_PASSWORD): Promise<TestClient> {
  const c = await new TestClient(baseUrl).init();
  expect((await c.post('/api/auth/login', { email, password })).status).toBe(200);
  return c;
}

/** A member of another organisation, signed up and signed in for the test. */
export async function signUpElsewhere(baseUrl: string): Promise<TestClient> {
  const email = `outsider-${String(Date.now())}@elsewhere.example`;
  const c = await new TestClient(baseUrl).init();
  const password = 'An0ther-Harbour-Pass!';
  expect(
    (await c.post('/api/auth/register', { organizationName: 'Elsewhere Docks', email, password, confirmPassword: password })).status,
  ).toBe(201);
  expect((await c.post('/api/auth/login', { email, password })).status).toBe(200);
  return c;
}
