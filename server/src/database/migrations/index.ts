import type { MigrationInterface } from 'typeorm';
import { Init1795330633902 } from './1795330633902-Init.js';
import { Identity1795332002704 } from './1795332002704-Identity.js';
import { ContactMessages1795438389428 } from './1795438389428-ContactMessages.js';
import { Tickets1795443402932 } from './1795443402932-Tickets.js';
import { KnowledgeBase1795444416756 } from './1795444416756-KnowledgeBase.js';
import { LiveChat1795448384776 } from './1795448384776-LiveChat.js';
import { Drills1795471335175 } from './1795471335175-Drills.js';
import { UsagePlansAlerts1795475787597 } from './1795475787597-UsagePlansAlerts.js';
import { Billing1795480953588 } from './1795480953588-Billing.js';
import { AuditChainSiem1795485607628 } from './1795485607628-AuditChainSiem.js';
import { UsageRecords1795447965646 } from './1795447965646-UsageRecords.js';
import { TicketAttachments1795448139801 } from './1795448139801-TicketAttachments.js';
import { DocumentRenders1795749992750 } from './1795749992750-DocumentRenders.js';
import { OrgTimeZoneUserLanguage1795757253669 } from './1795757253669-OrgTimeZoneUserLanguage.js';
import { TicketRequesterLanguage1795758341094 } from './1795758341094-TicketRequesterLanguage.js';
import { Members1795770680920 } from './1795770680920-Members.js';
import { OrgSecurityIdVerification1795770706668 } from './1795770706668-OrgSecurityIdVerification.js';
import { RecoveryTermination1795770737299 } from './1795770737299-RecoveryTermination.js';
import { AccountRestrictions1795770971617 } from './1795770971617-AccountRestrictions.js';
import { EmergencyMaps1795783021659 } from './1795783021659-EmergencyMaps.js';
import { CompliancePackets1795783517778 } from './1795783517778-CompliancePackets.js';
import { ComplianceProfilesDocuments1795783194295 } from './1795783194295-ComplianceProfilesDocuments.js';
import { Sops1795783080346 } from './1795783080346-Sops.js';
import { EvidenceVault1795796581352 } from './1795796581352-EvidenceVault.js';
import { AuditBundles1795798655709 } from './1795798655709-AuditBundles.js';
import { ScimProvisioning1795812633222 } from './1795812633222-ScimProvisioning.js';
import { SamlSso1795812688564 } from './1795812688564-SamlSso.js';
import { SimulationRuns1795825673234 } from './1795825673234-SimulationRuns.js';
import { ApprovalsBroadcasts1795900000000 } from './1795900000000-ApprovalsBroadcasts.js';
import { RenderRecords1795950000000 } from './1795950000000-RenderRecords.js';
import { OperatorPresenceAt1795960000000 } from './1795960000000-OperatorPresenceAt.js';

/**
 * Every migration, in order. To add one: change the entities, build the server, run
 * `node server/dist/database/generate-migration.js Name`, read the file, list it here.
 */
export const MIGRATIONS: (new () => MigrationInterface)[] = [
  Init1795330633902,
  Identity1795332002704,
  ContactMessages1795438389428,
  Tickets1795443402932,
  KnowledgeBase1795444416756,
  UsageRecords1795447965646,
  TicketAttachments1795448139801,
  LiveChat1795448384776,
  Drills1795471335175,
  UsagePlansAlerts1795475787597,
  Billing1795480953588,
  AuditChainSiem1795485607628,
  DocumentRenders1795749992750,
  OrgTimeZoneUserLanguage1795757253669,
  TicketRequesterLanguage1795758341094,
  Members1795770680920,
  OrgSecurityIdVerification1795770706668,
  RecoveryTermination1795770737299,
  AccountRestrictions1795770971617,
  EmergencyMaps1795783021659,
  ComplianceProfilesDocuments1795783194295,
  CompliancePackets1795783517778,
  Sops1795783080346,
  EvidenceVault1795796581352,
  AuditBundles1795798655709,
  ScimProvisioning1795812633222,
  SamlSso1795812688564,
  SimulationRuns1795825673234,
  ApprovalsBroadcasts1795900000000,
  RenderRecords1795950000000,
  OperatorPresenceAt1795960000000,
];
