import type { SessionUser } from '@muster/contracts';

export type GreetingPeriod = 'morning' | 'afternoon' | 'evening';

/** Greeting by local hour (spec §9): morning 5 to 11, afternoon 12 to 16, evening otherwise. */
export function greetingPeriod(hour: number): GreetingPeriod {
  if (hour >= 5 && hour <= 11) return 'morning';
  if (hour >= 12 && hour <= 16) return 'afternoon';
  return 'evening';
}

/** Whom a greeting names: the person's first and last name, or the username when they gave none. */
export function greetingName(user: Pick<SessionUser, 'firstName' | 'lastName' | 'username'>): string {
  return [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(' ') || user.username;
}
