import type { ConsoleState, DrillMember, DrillRun, DrillTemplateSummary, TemplateList } from '@muster/contracts';
import type { ChatSocket } from './chat.js';
import { expectOk } from './chat.js';
import type { TestClient } from './client.js';
import { expectJson } from './http.js';

/** The organisation's members, by role (one demo user per role). */
export async function membersByRole(client: TestClient): Promise<Record<string, DrillMember>> {
  const { items } = await expectJson<{ items: DrillMember[] }>(await client.get('/api/drills/members'), 200);
  return Object.fromEntries(items.map((m) => [m.role, m]));
}

/** A built-in template of a scenario. */
export async function libraryTemplate(client: TestClient, scenario: string): Promise<DrillTemplateSummary> {
  const { items } = await expectJson<TemplateList>(await client.get(`/api/drills/templates?source=library&scenario=${scenario}`), 200);
  return items[0]!;
}

/** Schedules a run through the API; `at` defaults to tomorrow. */
export async function scheduleRun(
  client: TestClient,
  body: {
    templateId: string;
    leadUserId: string;
    participants?: { userId?: string; name?: string }[];
    scheduledAt?: string;
    location?: string;
  },
): Promise<DrillRun> {
  return expectJson<DrillRun>(
    await client.post('/api/drills/runs', {
      location: 'Berth 4, east quay',
      scheduledAt: new Date(Date.now() + 86_400_000).toISOString(),
      ...body,
    }),
    201,
  );
}

/** Joins a run's console room and answers its state (the subscription must succeed). */
export async function joinConsole(socket: ChatSocket, runId: string): Promise<ConsoleState> {
  return expectOk(await socket.emitWithAck('console:subscribe', { runId })).state;
}
