import type { SessionUser } from '@muster/contracts';

export type GreetingPeriod = 'morning' | 'afternoon' | 'evening';

/** Greeting by local hour (spec §9): morning 5 to 11, afternoon 12 to 16, evening otherwise. */
export function greetingPeriod(hour: number): GreetingPeriod {
  if (hour >= 5 && hour <= 11) return 'morning';
  if (hour >= 12 && hour <= 16) return 'afternoon';
  return 'evening';
}

/** The first name, or the username when there is none. */
export function firstNameOrUsername(user: Pick<SessionUser, 'firstName' | 'username'>): string {
  return user.firstName?.trim() || user.username;
}
