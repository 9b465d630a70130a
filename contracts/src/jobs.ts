/**
 * The registry of queues and jobs. Payloads carry ids, never copies of rows.
 * Every job name has exactly one handler on the server; boot fails otherwise.
 */
export const QueueName = {
  Mail: 'mail',
  System: 'system',
  /** Drill reminders and cadence checks: delayed jobs and a daily job scheduler. */
  Reminders: 'reminders',
  /** The drill clock: injects published at their elapsed times. */
  Drills: 'drills',
  /** Billing: the daily close (renewals of built-in subscriptions, the month before's overage). */
  Billing: 'billing',
  /** SIEM webhook delivery (Standard Webhooks retry schedule), metering and the outbox sweep. */
  Siem: 'siem',
  /** The documents engine: long outputs (PDFs, CSVs) rendered to storage, with progress. */
  Render: 'render',
  /** Account recovery (cooling-off ends) and terminated organisations' purge. */
  Recovery: 'recovery',
} as const;
export type QueueName = (typeof QueueName)[keyof typeof QueueName];

export const JobName = {
  SendMail: 'mail.send',
  HealthProbe: 'system.health-probe',
  DrillReminder: 'reminders.drill-reminder',
  CadenceCheck: 'reminders.cadence-check',
  InjectDue: 'drills.inject-due',
  MonthClose: 'billing.month-close',
  SiemDeliver: 'siem.deliver',
  SiemMeter: 'siem.meter',
  SiemSweep: 'siem.sweep',
  RenderDocument: 'render.document',
  RenderSweep: 'render.sweep',
  RecoveryReady: 'recovery.ready',
  TerminationPurge: 'recovery.termination-purge',
  RestrictionEnds: 'system.restriction-ends',
  ComplianceCheck: 'reminders.compliance-check',
  /** SOPs (issue 19): the daily check of review dates. */
  SopReviewCheck: 'reminders.sop-review-check',
  /** SAML (issue 21): the daily re-read of identity providers' metadata URLs. */
  SamlMetadataRefresh: 'system.saml-metadata-refresh',
  EvidencePurge: 'recovery.evidence-purge',
  AuditorInviteExpires: 'system.auditor-invite-expires',
  /** Audit bundles (issue 20): builds one zip of evidence records, on the render queue. */
  RenderAuditBundle: 'render.audit-bundle',
  /** Removes the files of audit bundles whose invite has expired (every hour). */
  AuditBundleSweep: 'render.audit-bundle-sweep',
  /** The simulation sandbox (issue 22): the simulated clock reached its next event. */
  SimulationTick: 'drills.simulation-tick',
  /** Approvals (issue 22): a pending request reached its expiry (a delayed job). */
  ApprovalExpires: 'system.approval-expires',
  /** Broadcasts (issue 22): a broadcast starts (pushed to its targets) or ends (removed live). */
  BroadcastStarts: 'system.broadcast-starts',
  BroadcastEnds: 'system.broadcast-ends',
} as const;
export type JobName = (typeof JobName)[keyof typeof JobName];

export interface JobPayloads {
  [JobName.SendMail]: {
    to: string;
    subject: string;
    text: string;
    html?: string;
    /** The organisation the mail is sent for: a delivered mail counts as its `email` usage. */
    orgId?: string | null;
  };
  [JobName.HealthProbe]: {
    probeId: string;
    socketId: string;
    enqueuedAt: number;
  };
  /** One reminder rule's reminder of one run; stale when the run moved since (`scheduledAt` differs). */
  [JobName.DrillReminder]: {
    orgId: string;
    runId: string;
    ruleId: string;
    scheduledAt: string;
  };
  /** The daily check of every organisation's cadences (`orgId` limits it to one). */
  [JobName.CadenceCheck]: {
    orgId?: string;
  };
  /** An inject due on the drill clock; stale when the clock was paused since (`segment` differs). */
  [JobName.InjectDue]: {
    orgId: string;
    runId: string;
    injectId: string;
    segment: number;
  };
  /** Renews the subscriptions due and invoices the overage of a closed month (`YYYY-MM`; default: the month before, with renewals). */
  [JobName.MonthClose]: {
    period?: string;
  };
  /** One delivery of an audit event (or a test event) to one SIEM destination; state lives in the row. */
  [JobName.SiemDeliver]: {
    orgId: string;
    deliveryId: string;
  };
  /** Counts the organisation's delivered, not yet metered SIEM events as `siem_events` usage. */
  [JobName.SiemMeter]: {
    orgId: string;
  };
  /** Re-queues deliveries whose job was lost (the outbox sweep; every minute). */
  [JobName.SiemSweep]: Record<string, never>;
  /** One render of the documents engine; its request and state live in the row. */
  [JobName.RenderDocument]: {
    renderId: string;
  };
  /** Removes the files of renders kept past RENDER_KEEP_HOURS (every hour). */
  [JobName.RenderSweep]: Record<string, never>;
  /** A recovery's cooling-off has ended (a delayed job): the member is emailed the reset link. */
  [JobName.RecoveryReady]: {
    orgId: string;
    requestId: string;
  };
  /** Deletes the data of organisations terminated 90 days ago or more (daily job scheduler). */
  [JobName.TerminationPurge]: Record<string, never>;
  /** A suspension or freeze reached its end date: lift it (nothing when lifted already or moved). */
  [JobName.RestrictionEnds]: {
    restrictionId: string;
  };
  /** The daily compliance check: rules of profiles due soon or failing, documents due for review (`orgId` limits it to one). */
  [JobName.ComplianceCheck]: {
    orgId?: string;
  };
  /** The daily check of SOP review dates (`orgId` limits it to one organisation, checked at once). */
  [JobName.SopReviewCheck]: {
    orgId?: string;
  };
  /** Re-reads every identity provider configured from a metadata URL (daily job scheduler). */
  [JobName.SamlMetadataRefresh]: Record<string, never>;
  /** Purges evidence records past their retention and not held, one audit event each (daily job scheduler). */
  [JobName.EvidencePurge]: Record<string, never>;
  /** An auditor invite reached its expiry (a delayed job): its sessions end and their sockets close. */
  [JobName.AuditorInviteExpires]: {
    inviteId: string;
  };
  /** One audit bundle to build; its records and state live in the row. */
  [JobName.RenderAuditBundle]: {
    orgId: string;
    bundleId: string;
  };
  /** Removes the files of audit bundles kept past their invite's expiry (hourly). */
  [JobName.AuditBundleSweep]: Record<string, never>;
  /** A simulated run's clock reached an event; stale when the clock moved since (`segment` differs). */
  [JobName.SimulationTick]: {
    simulationId: string;
    segment: number;
  };
  /** Expires one approval request when still pending. */
  [JobName.ApprovalExpires]: {
    approvalId: string;
  };
  /** Pushes a broadcast to its signed-in targets at its start. */
  [JobName.BroadcastStarts]: {
    broadcastId: string;
  };
  /** Removes a broadcast from its targets' screens at its end. */
  [JobName.BroadcastEnds]: {
    broadcastId: string;
  };
}

/** The queue each job runs on. */
export const JOB_QUEUES: Readonly<Record<JobName, QueueName>> = {
  [JobName.SendMail]: QueueName.Mail,
  [JobName.HealthProbe]: QueueName.System,
  [JobName.DrillReminder]: QueueName.Reminders,
  [JobName.CadenceCheck]: QueueName.Reminders,
  [JobName.InjectDue]: QueueName.Drills,
  [JobName.MonthClose]: QueueName.Billing,
  [JobName.SiemDeliver]: QueueName.Siem,
  [JobName.SiemMeter]: QueueName.Siem,
  [JobName.SiemSweep]: QueueName.Siem,
  [JobName.RenderDocument]: QueueName.Render,
  [JobName.RenderSweep]: QueueName.Render,
  [JobName.RecoveryReady]: QueueName.Recovery,
  [JobName.TerminationPurge]: QueueName.Recovery,
  [JobName.RestrictionEnds]: QueueName.System,
  [JobName.ComplianceCheck]: QueueName.Reminders,
  [JobName.SopReviewCheck]: QueueName.Reminders,
  [JobName.SamlMetadataRefresh]: QueueName.System,
  [JobName.EvidencePurge]: QueueName.Recovery,
  [JobName.AuditorInviteExpires]: QueueName.System,
  [JobName.RenderAuditBundle]: QueueName.Render,
  [JobName.AuditBundleSweep]: QueueName.Render,
  [JobName.SimulationTick]: QueueName.Drills,
  [JobName.ApprovalExpires]: QueueName.System,
  [JobName.BroadcastStarts]: QueueName.System,
  [JobName.BroadcastEnds]: QueueName.System,
};

/**
 * Deterministic job ids (BullMQ ignores a second job with an id it holds, so queueing is
 * idempotent; ids never contain ':'). A reminder's id carries the run's scheduled time, so a
 * moved run gets new ids; an inject's carries the clock segment, so a pause makes it stale.
 */
export const jobIds = {
  drillReminder: (runId: string, ruleId: string, scheduledAt: Date): string =>
    `reminder-${runId}-${ruleId}-${String(scheduledAt.getTime())}`,
  injectDue: (runId: string, injectId: string, segment: number): string => `inject-${runId}-${injectId}-${String(segment)}`,
  /** The next event of a simulated run's clock segment (`at`: its simulated ms). */
  simulationTick: (simulationId: string, segment: number, at: number): string =>
    `simulation-${simulationId}-${String(segment)}-${String(at)}`,
  /** The job scheduler of the cadence check (hourly; each organisation once a day on its own clock). Kept under its first name, so upserting replaces the daily one. */
  cadenceCheck: 'drill-cadence-daily',
  /** The job scheduler of the daily billing close. */
  monthClose: 'billing-month-close',
  /** One job per delivery and replay (a replay gets a new id; the webhook-id stays). */
  siemDeliver: (deliveryId: string, replay: number): string => `siem-${deliveryId}-${String(replay)}`,
  /** An organisation's metering of one second's deliveries (`second`: epoch seconds). */
  siemMeter: (orgId: string, second: number): string => `siem-meter-${orgId}-${String(second)}`,
  /** The job scheduler of the outbox sweep. */
  siemSweep: 'siem-sweep',
  /** One job per render. */
  renderDocument: (renderId: string): string => `render-${renderId}`,
  /** The job scheduler of the hourly sweep of expired renders. */
  renderSweep: 'render-sweep',
  /** The cooling-off end of one recovery request (a delayed job; promoting it ends the cooling-off now). */
  recoveryReady: (requestId: string): string => `recovery-ready-${requestId}`,
  /** The job scheduler of the daily purge of terminated organisations. */
  terminationPurge: 'termination-purge',
  /** The lift of one restriction at its end date. */
  restrictionEnds: (restrictionId: string): string => `restriction-ends-${restrictionId}`,
  /** The job scheduler of the compliance check (hourly; each organisation once a day on its own clock). */
  complianceCheck: 'compliance-check-daily',
  /** The job scheduler of the SOP review check (hourly; each organisation once a day on its own clock). */
  sopReviewCheck: 'sop-review-daily',
  /** The job scheduler of the daily SAML metadata refresh. */
  samlMetadataRefresh: 'saml-metadata-refresh-daily',
  /** The job scheduler of the daily evidence purge. */
  evidencePurge: 'evidence-purge-daily',
  /** The end of one auditor invite (its expiry; a changed expiry gets a new id). */
  auditorInviteExpires: (inviteId: string, expiresAt: Date): string => `auditor-invite-expires-${inviteId}-${String(expiresAt.getTime())}`,
  /** One job per audit bundle. */
  renderAuditBundle: (bundleId: string): string => `audit-bundle-${bundleId}`,
  /** The job scheduler of the hourly sweep of expired audit bundles. */
  auditBundleSweep: 'audit-bundle-sweep',
  /** The expiry of one approval request. */
  approvalExpires: (approvalId: string): string => `approval-expires-${approvalId}`,
  /** The start and end of one broadcast (a new id when its times change). */
  broadcastStarts: (broadcastId: string, at: Date): string => `broadcast-starts-${broadcastId}-${String(at.getTime())}`,
  broadcastEnds: (broadcastId: string, at: Date): string => `broadcast-ends-${broadcastId}-${String(at.getTime())}`,
} as const;

export const ALL_QUEUES = Object.values(QueueName) as QueueName[];
export const ALL_JOBS = Object.values(JobName) as JobName[];
