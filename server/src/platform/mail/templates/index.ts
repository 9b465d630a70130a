import {
  auditorInviteMail,
  auditorSignInCodeMail,
  passwordChangedMail,
  registerExistingMail,
  resetLinkMail,
  signInCodeMail,
  welcomeMail,
} from './auth.js';
import { drillCadenceMail, drillReminderMail } from './drills.js';
import { complianceDocumentReviewMail, complianceRuleMail } from './compliance.js';
import { memberInviteMail } from './members.js';
import { evidenceRequestAnsweredMail, evidenceRequestMail } from './evidence.js';
import { sopReviewMail } from './sops.js';
import { siemDisabledMail } from './siem.js';
import { ssoBreakGlassMail } from './sso.js';
import {
  recoveryApprovalMail,
  recoveryCoolingOffMail,
  recoveryDelegateInviteMail,
  recoveryResetMail,
  restoreConfirmMail,
  restoreDecidedMail,
} from './recovery.js';
import {
  chatOfflineMail,
  chatTranscriptMail,
  contactConfirmationMail,
  contactNoticeMail,
  ticketReplyMail,
  ticketStatusMail,
} from './support.js';

export * from './template.js';
export * from './auth.js';
export * from './drills.js';
export * from './members.js';
export * from './siem.js';
export * from './sso.js';
export * from './support.js';
export * from './recovery.js';
export * from './sops.js';
export * from './evidence.js';

/** Every email Muster sends, by kind (templates.spec.ts checks each in every language). */
export const MAIL_TEMPLATES = {
  'auth.registerExisting': registerExistingMail,
  'auth.welcome': welcomeMail,
  'auth.signInCode': signInCodeMail,
  'auth.resetLink': resetLinkMail,
  'auth.passwordChanged': passwordChangedMail,
  'auditor.invite': auditorInviteMail,
  'auditor.signInCode': auditorSignInCodeMail,
  'chat.offline': chatOfflineMail,
  'chat.transcript': chatTranscriptMail,
  'contact.confirmation': contactConfirmationMail,
  'contact.notice': contactNoticeMail,
  'ticket.reply': ticketReplyMail,
  'ticket.status': ticketStatusMail,
  'siem.disabled': siemDisabledMail,
  'sso.breakGlass': ssoBreakGlassMail,
  'drill.reminder': drillReminderMail,
  'drill.cadence': drillCadenceMail,
  'compliance.rule': complianceRuleMail,
  'compliance.documentReview': complianceDocumentReviewMail,
  'member.invite': memberInviteMail,
  'recovery.delegateInvite': recoveryDelegateInviteMail,
  'recovery.approval': recoveryApprovalMail,
  'recovery.coolingOff': recoveryCoolingOffMail,
  'recovery.reset': recoveryResetMail,
  'restore.confirm': restoreConfirmMail,
  'restore.decided': restoreDecidedMail,
  'sop.review': sopReviewMail,
  'evidence.request': evidenceRequestMail,
  'evidence.requestAnswered': evidenceRequestAnsweredMail,
} as const;
export type MailKind = keyof typeof MAIL_TEMPLATES;
