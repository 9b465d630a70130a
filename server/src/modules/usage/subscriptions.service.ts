import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { TRIAL_DAYS } from '@muster/contracts';
import type { EntityManager, Repository } from 'typeorm';
import { Subscription } from './entities/subscription.entity.js';

const DAY_MS = 86_400_000;

/**
 * The plan of each organisation. Every organisation has one: the first read makes a 14-day
 * trial of Basic (no card), so organisations from before plans existed and new sign-ups alike
 * start the same way.
 */
@Injectable()
export class SubscriptionsService {
  constructor(@InjectRepository(Subscription) private readonly subscriptions: Repository<Subscription>) {}

  async of(orgId: string, manager?: EntityManager): Promise<Subscription> {
    const repo = manager?.getRepository(Subscription) ?? this.subscriptions;
    const found = await repo.findOne({ where: { orgId } });
    if (found) return found;
    await repo
      .createQueryBuilder()
      .insert()
      .values({ orgId, plan: 'basic', cycle: 'monthly', status: 'trialing', trialEndsAt: new Date(Date.now() + TRIAL_DAYS * DAY_MS) })
      .orIgnore()
      .execute();
    return repo.findOneOrFail({ where: { orgId } });
  }

  async setOverage(orgId: string, enabled: boolean): Promise<Subscription> {
    const subscription = await this.of(orgId);
    subscription.overageEnabled = enabled;
    return this.subscriptions.save(subscription);
  }
}
