import type { DataSource } from 'typeorm';

/** Who wants to chat: their account (members), the address they give, where they connect from. */
export interface ChatSubject {
  userId: string | null;
  email: string | null;
  ip: string | null;
}

/** The id of an active ban that covers the subject, if any (revoked and expired bans do not count). */
export async function activeBanOf(dataSource: DataSource, subject: ChatSubject): Promise<string | null> {
  const rows = await dataSource.query<{ id: string }[]>(
    `SELECT id FROM chat_bans
      WHERE revoked_at IS NULL
        AND (expires_at IS NULL OR expires_at > now())
        AND ((kind = 'account' AND value = $1) OR (kind = 'email' AND value = lower($2)) OR (kind = 'ip' AND value = $3))
      LIMIT 1`,
    [subject.userId ?? '', subject.email ?? '', subject.ip ?? ''],
  );
  return rows[0]?.id ?? null;
}
