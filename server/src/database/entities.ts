import { Membership } from '../modules/identity/entities/membership.entity.js';
import { Organization } from '../modules/identity/entities/organization.entity.js';
import { User } from '../modules/identity/entities/user.entity.js';
import { AuditorInvite } from '../modules/identity/entities/auditor-invite.entity.js';
import { ContactMessage } from '../modules/contact/entities/contact-message.entity.js';
import { TicketAttachment } from '../modules/tickets/entities/ticket-attachment.entity.js';
import { TicketComment } from '../modules/tickets/entities/ticket-comment.entity.js';
import { TicketEvent } from '../modules/tickets/entities/ticket-event.entity.js';
import { Ticket } from '../modules/tickets/entities/ticket.entity.js';
import { KnowledgeArticle } from '../modules/knowledge/entities/article.entity.js';
import { Chat } from '../modules/live-chat/entities/chat.entity.js';
import { ChatMessageRow } from '../modules/live-chat/entities/chat-message.entity.js';
import { ChatAttachmentRow } from '../modules/live-chat/entities/chat-attachment.entity.js';
import { ChatOperator } from '../modules/live-chat/entities/chat-operator.entity.js';
import { CannedResponseRow } from '../modules/live-chat/entities/canned-response.entity.js';
import { ChatBanRow } from '../modules/live-chat/entities/chat-ban.entity.js';
import { Subscription } from '../modules/usage/entities/subscription.entity.js';
import { UsageAlertDismissal, UsageAlertRow } from '../modules/usage/entities/usage-alert.entity.js';
import { UsageRecord } from '../modules/usage/entities/usage-record.entity.js';
import { UsageThreshold } from '../modules/usage/entities/usage-threshold.entity.js';
import { AuditChainHead, AuditEvent } from '../platform/audit/audit-event.entity.js';
import { SIEM_ENTITIES } from '../modules/siem/siem.module.js';
import { SCIM_ENTITIES } from '../modules/scim/scim.module.js';
import { SSO_ENTITIES } from '../modules/sso/sso.module.js';
import { DRILL_ENTITIES } from '../modules/drills/drills.module.js';
import { BILLING_ENTITIES } from '../modules/billing/billing.module.js';
import { NotificationRow } from '../modules/notifications/entities/notification.entity.js';
import { RenderRow } from '../modules/documents/entities/render.entity.js';
import { MEMBER_ENTITIES } from '../modules/members/members.module.js';
import { SecurityPinRow } from '../modules/security/entities/security-pin.entity.js';
import { SecurityPolicyRow } from '../modules/security/entities/security-policy.entity.js';
import { VerificationCaseRow } from '../modules/id-verification/entities/verification-case.entity.js';
import { RECOVERY_ENTITIES } from '../modules/recovery/recovery.module.js';
import { AccountRestriction } from '../modules/account-controls/entities/account-restriction.entity.js';
import { MAP_ENTITIES } from '../modules/maps/maps.module.js';
import { COMPLIANCE_ENTITIES } from '../modules/compliance/compliance.module.js';
import { EVIDENCE_ENTITIES } from '../modules/evidence/entities/index.js';
import { AUDIT_BUNDLE_ENTITIES } from '../modules/audit-bundles/entities/index.js';
import { COMPLIANCE_DOCUMENT_ENTITIES } from '../modules/compliance-documents/compliance-documents.module.js';
import { PACKET_ENTITIES } from '../modules/compliance-packets/compliance-packets.module.js';
import { SigningKeyRow } from '../platform/signing/signing-key.entity.js';
import { SOP_ENTITIES } from '../modules/sops/sops.module.js';
import { SIMULATION_ENTITIES } from '../modules/simulation/simulation.module.js';
import { ApprovalRow } from '../modules/approvals/entities/approval.entity.js';
import { BroadcastAckRow, BroadcastRow } from '../modules/broadcasts/entities/broadcast.entity.js';

/** Every TypeORM entity; new modules add theirs here. */
export const ENTITIES = [
  Organization,
  User,
  Membership,
  AuditorInvite,
  AuditEvent,
  AuditChainHead,
  ContactMessage,
  Ticket,
  TicketComment,
  TicketEvent,
  TicketAttachment,
  KnowledgeArticle,
  Chat,
  ChatMessageRow,
  ChatAttachmentRow,
  ChatOperator,
  CannedResponseRow,
  ChatBanRow,
  UsageRecord,
  Subscription,
  UsageThreshold,
  UsageAlertRow,
  UsageAlertDismissal,
  NotificationRow,
  RenderRow,
  ...DRILL_ENTITIES,
  ...BILLING_ENTITIES,
  ...MEMBER_ENTITIES,
  ...SIEM_ENTITIES,
  ...SCIM_ENTITIES,
  ...SSO_ENTITIES,
  SecurityPolicyRow,
  SecurityPinRow,
  VerificationCaseRow,
  ...RECOVERY_ENTITIES,
  AccountRestriction,
  ...MAP_ENTITIES,
  ...COMPLIANCE_ENTITIES,
  ...COMPLIANCE_DOCUMENT_ENTITIES,
  ...PACKET_ENTITIES,
  SigningKeyRow,
  ...SOP_ENTITIES,
  ...SIMULATION_ENTITIES,
  ...EVIDENCE_ENTITIES,
  ...AUDIT_BUNDLE_ENTITIES,
  ApprovalRow,
  BroadcastRow,
  BroadcastAckRow,
];
