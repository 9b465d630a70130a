import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Subscription } from './entities/subscription.entity.js';
import { UsageAlertDismissal, UsageAlertRow } from './entities/usage-alert.entity.js';
import { UsageRecord } from './entities/usage-record.entity.js';
import { UsageThreshold } from './entities/usage-threshold.entity.js';
import { SubscriptionsService } from './subscriptions.service.js';
import { UsageController } from './usage.controller.js';
import { UsageService } from './usage.service.js';
import { MAIL_METER, type MailMeter } from '../../platform/mail/mail-meter.js';

/**
 * Usage metering per organisation, resource type and billing month; the plan of each organisation
 * and its limits; threshold alerts pushed live.
 */
@Module({
  imports: [TypeOrmModule.forFeature([UsageRecord, Subscription, UsageThreshold, UsageAlertRow, UsageAlertDismissal])],
  controllers: [UsageController],
  providers: [
    UsageService,
    SubscriptionsService,
    // Every mail delivered for an organisation is one `email` of its usage.
    {
      provide: MAIL_METER,
      useFactory: (usage: UsageService): MailMeter => ({ delivered: (orgId) => usage.record(orgId, 'email', 1).then(() => undefined) }),
      inject: [UsageService],
    },
  ],
  exports: [UsageService, SubscriptionsService],
})
export class UsageModule {}
