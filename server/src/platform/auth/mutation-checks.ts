import { Injectable } from '@nestjs/common';
import type { Principal } from '@muster/contracts';

/** A rule another module adds to every change a signed-in principal asks for: it throws its refusal. */
export type MutationCheck = (principal: Principal, route: string) => Promise<void>;

/**
 * The rules the `AccessGuard` runs on every POST, PUT, PATCH and DELETE of a signed-in principal,
 * after its role was checked (a frozen account's 423 comes from here). Modules register theirs at
 * start-up, so the platform imports none of them; a guard rather than a global interceptor, so a
 * read pays nothing (an interceptor wraps every request, GETs included, in an RxJS pipeline).
 */
@Injectable()
export class MutationChecks {
  private readonly checks: MutationCheck[] = [];

  register(check: MutationCheck): void {
    this.checks.push(check);
  }

  async run(principal: Principal, route: string): Promise<void> {
    for (const check of this.checks) await check(principal, route);
  }
}
