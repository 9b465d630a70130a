/** Parses the auto-lock field: empty = never; else a whole number of minutes, 1 to 1440. */
export function parseAutoLock(value: string): { ok: true; minutes: number | null } | { ok: false } {
  const trimmed = value.trim();
  if (trimmed === '') return { ok: true, minutes: null };
  if (!/^\d+$/.test(trimmed)) return { ok: false };
  const minutes = Number(trimmed);
  return minutes >= 1 && minutes <= 1440 ? { ok: true, minutes } : { ok: false };
}
