import { OCSF_SEVERITIES, OCSF_VERSION, ocsfNames, PRODUCT_NAME, type SiemFormat } from '@muster/contracts';

/** The fields of an audit event a SIEM payload is made of. */
export interface StreamedEvent {
  id: string;
  orgId: string | null;
  seq: number;
  hash: string;
  prevHash: string;
  createdAt: Date;
  action: string;
  outcome: string;
  reason: string | null;
  classUid: number;
  activityId: number;
  severityId: number;
  actorUserId: string | null;
  actorInviteId: string | null;
  actorRole: string | null;
  actorEmail: string | null;
  ip: string | null;
  userAgent: string | null;
  targetType: string | null;
  targetId: string | null;
  metadata: Record<string, unknown>;
}

const OCSF_PRODUCT = { name: PRODUCT_NAME, vendor_name: PRODUCT_NAME } as const;

function prune<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as Partial<T>;
}

/**
 * An audit event as an OCSF event of its class (`class_uid`, `activity_id`, `type_uid` = class ×
 * 100 + activity, `severity_id`, `status_id`, `actor`, `src_endpoint`, …). What OCSF has no field
 * for (the action name, the chain links, the target) goes under `unmapped.muster`.
 */
export function ocsfEvent(event: StreamedEvent): Record<string, unknown> {
  const names = ocsfNames(event.classUid, event.activityId);
  const success = event.outcome === 'success';
  const user = prune({ uid: event.actorUserId ?? event.actorInviteId, email_addr: event.actorEmail, type: event.actorRole });
  return prune({
    metadata: {
      version: OCSF_VERSION,
      product: OCSF_PRODUCT,
      uid: event.id,
      log_name: 'audit',
      sequence: event.seq,
      tenant_uid: event.orgId,
    },
    time: event.createdAt.getTime(),
    category_uid: names.categoryUid,
    category_name: names.categoryName,
    class_uid: event.classUid,
    class_name: names.className,
    activity_id: event.activityId,
    activity_name: names.activityName,
    type_uid: event.classUid * 100 + event.activityId,
    type_name: `${names.className}: ${names.activityName}`,
    severity_id: event.severityId,
    severity: (OCSF_SEVERITIES as Record<number, string>)[event.severityId] ?? 'Unknown',
    status_id: success ? 1 : 2,
    status: success ? 'Success' : 'Failure',
    status_detail: event.reason,
    message: event.action,
    actor: Object.keys(user).length ? { user } : null,
    user: event.classUid === 3002 || event.classUid === 3001 ? (Object.keys(user).length ? user : null) : null,
    src_endpoint: event.ip ? { ip: event.ip } : null,
    http_request: event.userAgent ? { user_agent: event.userAgent } : null,
    unmapped: {
      muster: prune({
        action: event.action,
        target: event.targetType ? { type: event.targetType, id: event.targetId } : null,
        details: Object.keys(event.metadata).length ? event.metadata : null,
        chain: { seq: event.seq, hash: event.hash, prev_hash: event.prevHash },
      }),
    },
  });
}

/** What a test event looks like: an OCSF API Activity event saying it is a test. */
export function testEvent(orgId: string, webhookId: string, at: Date): Record<string, unknown> {
  return {
    metadata: { version: OCSF_VERSION, product: OCSF_PRODUCT, uid: webhookId, log_name: 'audit', tenant_uid: orgId },
    time: at.getTime(),
    category_uid: 6,
    category_name: 'Application Activity',
    class_uid: 6003,
    class_name: 'API Activity',
    activity_id: 99,
    activity_name: 'Other',
    type_uid: 600399,
    type_name: 'API Activity: Other',
    severity_id: 1,
    severity: 'Informational',
    status_id: 1,
    status: 'Success',
    message: `${PRODUCT_NAME} SIEM test event`,
    unmapped: { muster: { action: 'siem.test', test: true } },
  };
}

/**
 * The request body of one event in a destination's format. Every format is also signed with the
 * Standard Webhooks headers.
 */
export function requestBody(format: SiemFormat, event: Record<string, unknown>, action: string): string {
  switch (format) {
    case 'standard_webhooks':
      return JSON.stringify({ type: `audit.${action}`, timestamp: new Date(event.time as number).toISOString(), data: event });
    case 'splunk_hec':
      return JSON.stringify({
        time: (event.time as number) / 1000,
        host: 'muster',
        source: 'muster:audit',
        sourcetype: 'ocsf:json',
        event,
      });
    case 'elastic_json':
      return JSON.stringify([event]);
  }
}
