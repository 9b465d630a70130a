import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import type { AppConfig } from './config/config.js';
import { ConfigModule } from './config/config.module.js';
import { DatabaseModule } from './database/database.module.js';
import { ContactModule } from './modules/contact/contact.module.js';
import { TicketsModule } from './modules/tickets/tickets.module.js';
import { KnowledgeModule } from './modules/knowledge/knowledge.module.js';
import { LiveChatModule } from './modules/live-chat/live-chat.module.js';
import { InsightsModule } from './modules/insights/insights.module.js';
import { AnalyticsModule } from './modules/analytics/analytics.module.js';
import { AssistantModule } from './modules/assistant/assistant.module.js';
import { UsageModule } from './modules/usage/usage.module.js';
import { BillingModule } from './modules/billing/billing.module.js';
import { DrillsModule } from './modules/drills/drills.module.js';
import { NotificationsModule } from './modules/notifications/notifications.module.js';
import { AiModule } from './platform/ai/ai.module.js';
import { AppConfigModule } from './modules/app-config/app-config.module.js';
import { HealthModule } from './modules/health/health.module.js';
import { IdentityModule } from './modules/identity/identity.module.js';
import { SecurityModule } from './modules/security/security.module.js';
import { AuditModule } from './platform/audit/audit.module.js';
import { AuditTrailModule } from './modules/audit/audit.module.js';
import { SiemModule } from './modules/siem/siem.module.js';
import { ScimModule } from './modules/scim/scim.module.js';
import { SsoModule } from './modules/sso/sso.module.js';
import { DocumentsModule } from './modules/documents/documents.module.js';
import { MembersModule } from './modules/members/members.module.js';
import { RecoveryModule } from './modules/recovery/recovery.module.js';
import { AccountControlsModule } from './modules/account-controls/account-controls.module.js';
import { MapsModule } from './modules/maps/maps.module.js';
import { SopsModule } from './modules/sops/sops.module.js';
import { EvidenceModule } from './modules/evidence/evidence.module.js';
import { AuditorPortalModule } from './modules/auditor-portal/auditor-portal.module.js';
import { AuditBundlesModule } from './modules/audit-bundles/audit-bundles.module.js';
import { ApprovalsModule } from './modules/approvals/approvals.module.js';
import { BroadcastsModule } from './modules/broadcasts/broadcasts.module.js';
import { AccessGuard } from './platform/auth/access.guard.js';
import { ErrorsFilter } from './platform/errors/errors.filter.js';
import { LimitsModule } from './platform/limits/limits.module.js';
import { MailModule } from './platform/mail/mail.module.js';
import { OpenApiModule } from './platform/openapi/openapi.module.js';
import { QueuesModule } from './platform/queues/queues.module.js';
import { RealtimeModule } from './platform/realtime/realtime.module.js';
import { RedisModule } from './platform/redis/redis.module.js';
import { SessionModule } from './platform/session/session.module.js';
import { StorageModule } from './platform/storage/storage.module.js';
import { ComplianceModule } from './modules/compliance/compliance.module.js';
import { OpsDatabaseModule } from './modules/ops-database/ops-database.module.js';
import { SimulationModule } from './modules/simulation/simulation.module.js';
import { DashboardsModule } from './modules/dashboards/dashboards.module.js';

/**
 * The whole application. The api and the worker entry points load the same modules; the
 * process role decides whether HTTP/socket listeners or BullMQ workers run.
 */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule.forRoot(databaseUrl, config.DATABASE_POOL_SIZE),
        RedisModule,
        LimitsModule,
        SessionModule,
        QueuesModule,
        RealtimeModule,
        MailModule.forRoot(config),
        StorageModule,
        AiModule,
        AuditModule,
        OpenApiModule,
        HealthModule,
        AppConfigModule,
        IdentityModule.forRoot(config),
        SecurityModule,
        ContactModule,
        TicketsModule,
        KnowledgeModule,
        LiveChatModule,
        InsightsModule,
        AnalyticsModule,
        UsageModule,
        BillingModule,
        AssistantModule,
        NotificationsModule,
        DrillsModule,
        AuditTrailModule,
        SiemModule,
        ScimModule,
        SsoModule,
        DocumentsModule,
        MembersModule,
        RecoveryModule,
        AccountControlsModule,
        MapsModule,
        ComplianceModule,
        SopsModule,
        EvidenceModule,
        AuditorPortalModule,
        AuditBundlesModule,
        OpsDatabaseModule,
        SimulationModule,
        DashboardsModule,
        ApprovalsModule,
        BroadcastsModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ErrorsFilter },
        { provide: APP_GUARD, useClass: AccessGuard },
      ],
    };
  }
}
