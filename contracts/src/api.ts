import { healthEndpoints } from './health.js';
import { devEndpoints } from './dev.js';
import { authEndpoints } from './auth.js';
import { auditorEndpoints } from './auditor.js';
import { organizationEndpoints } from './organization.js';
import { appConfigEndpoints } from './app-config.js';
import { contactEndpoints } from './contact.js';
import { ticketEndpoints } from './tickets.js';
import { knowledgeEndpoints } from './knowledge.js';
import { chatEndpoints } from './chat.js';
import { insightsEndpoints } from './insights.js';
import { assistantEndpoints } from './assistant.js';
import { drillTemplateEndpoints } from './drills.js';
import { drillRunEndpoints } from './drill-runs.js';
import { drillReminderEndpoints } from './drill-reminders.js';
import { notificationEndpoints } from './notifications.js';
import { usageEndpoints } from './usage.js';
import { billingEndpoints } from './billing.js';
import { auditEndpoints } from './audit.js';
import { siemEndpoints } from './siem.js';
import { opsDatabaseEndpoints } from './ops-database.js';
import { simulationEndpoints } from './simulation.js';
import { scimEndpoints } from './scim.js';
import { samlEndpoints } from './saml.js';
import { documentEndpoints } from './documents.js';
import { memberEndpoints } from './members.js';
import { securityEndpoints } from './security.js';
import { recoveryEndpoints, terminationEndpoints } from './recovery.js';
import { accountControlEndpoints } from './account-controls.js';
import { mapEndpoints } from './maps.js';
import { complianceEndpoints } from './compliance.js';
import { complianceDocumentEndpoints } from './compliance-documents.js';
import { packetEndpoints } from './compliance-packets.js';
import { sopEndpoints } from './sops.js';
import { evidenceEndpoints } from './evidence.js';
import { auditorPortalEndpoints } from './auditor-portal.js';
import { auditBundleEndpoints } from './audit-bundles.js';
import { dashboardEndpoints } from './dashboards.js';
import { approvalEndpoints } from './approvals.js';
import { broadcastEndpoints, platformEndpoints } from './broadcasts.js';
import { analyticsEndpoints } from './analytics.js';

/** Every REST endpoint of Muster, grouped by feature. */
export const api = {
  dashboards: dashboardEndpoints,
  health: healthEndpoints,
  dev: devEndpoints,
  auth: authEndpoints,
  auditor: auditorEndpoints,
  organization: organizationEndpoints,
  appConfig: appConfigEndpoints,
  contact: contactEndpoints,
  tickets: ticketEndpoints,
  knowledge: knowledgeEndpoints,
  chat: chatEndpoints,
  insights: insightsEndpoints,
  analytics: analyticsEndpoints,
  assistant: assistantEndpoints,
  drillTemplates: drillTemplateEndpoints,
  drillRuns: drillRunEndpoints,
  drillReminders: drillReminderEndpoints,
  notifications: notificationEndpoints,
  usage: usageEndpoints,
  billing: billingEndpoints,
  audit: auditEndpoints,
  siem: siemEndpoints,
  opsDatabase: opsDatabaseEndpoints,
  simulation: simulationEndpoints,
  scim: scimEndpoints,
  saml: samlEndpoints,
  documents: documentEndpoints,
  members: memberEndpoints,
  security: securityEndpoints,
  recovery: recoveryEndpoints,
  terminations: terminationEndpoints,
  accountControls: accountControlEndpoints,
  maps: mapEndpoints,
  compliance: complianceEndpoints,
  complianceDocuments: complianceDocumentEndpoints,
  packets: packetEndpoints,
  sops: sopEndpoints,
  evidence: evidenceEndpoints,
  auditorPortal: auditorPortalEndpoints,
  auditBundles: auditBundleEndpoints,
  approvals: approvalEndpoints,
  broadcasts: broadcastEndpoints,
  platform: platformEndpoints,
} as const;
