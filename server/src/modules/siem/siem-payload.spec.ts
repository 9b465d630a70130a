import { ocsfEvent, requestBody, type StreamedEvent } from './siem-payload.js';

const failedLogin: StreamedEvent = {
  id: '6d410792-0c23-4b7e-94b0-30d1960a706a',
  orgId: 'c1a8e0de-2b5f-4c55-9d1f-1f1f1f1f1f1f',
  seq: 42,
  hash: 'a'.repeat(64),
  prevHash: 'b'.repeat(64),
  createdAt: new Date('2026-11-24T08:00:00.000Z'),
  action: 'auth.login',
  outcome: 'failure',
  reason: 'bad_password',
  classUid: 3002,
  activityId: 1,
  severityId: 3,
  actorUserId: '0b3b1c7e-5c57-4a39-9a40-8a5f6c1d2e3f',
  actorInviteId: null,
  actorRole: 'USER',
  actorEmail: 'user@harborpoint.example',
  ip: '203.0.113.66',
  userAgent: 'Firefox/140',
  targetType: null,
  targetId: null,
  metadata: {},
};

describe('SIEM payloads', () => {
  it('maps an audit event onto its OCSF class', () => {
    expect(ocsfEvent(failedLogin)).toEqual({
      metadata: {
        version: '1.3.0',
        product: { name: 'Muster', vendor_name: 'Muster' },
        uid: failedLogin.id,
        log_name: 'audit',
        sequence: 42,
        tenant_uid: failedLogin.orgId,
      },
      time: Date.parse('2026-11-24T08:00:00.000Z'),
      category_uid: 3,
      category_name: 'Identity & Access Management',
      class_uid: 3002,
      class_name: 'Authentication',
      activity_id: 1,
      activity_name: 'Logon',
      type_uid: 300201,
      type_name: 'Authentication: Logon',
      severity_id: 3,
      severity: 'Medium',
      status_id: 2,
      status: 'Failure',
      status_detail: 'bad_password',
      message: 'auth.login',
      actor: { user: { uid: failedLogin.actorUserId, email_addr: 'user@harborpoint.example', type: 'USER' } },
      user: { uid: failedLogin.actorUserId, email_addr: 'user@harborpoint.example', type: 'USER' },
      src_endpoint: { ip: '203.0.113.66' },
      http_request: { user_agent: 'Firefox/140' },
      unmapped: { muster: { action: 'auth.login', chain: { seq: 42, hash: 'a'.repeat(64), prev_hash: 'b'.repeat(64) } } },
    });
  });

  it('wraps the event for each format', () => {
    const event = ocsfEvent(failedLogin);
    expect(JSON.parse(requestBody('standard_webhooks', event, 'auth.login'))).toEqual({
      type: 'audit.auth.login',
      timestamp: '2026-11-24T08:00:00.000Z',
      data: event,
    });
    expect(JSON.parse(requestBody('splunk_hec', event, 'auth.login'))).toEqual({
      time: Date.parse('2026-11-24T08:00:00.000Z') / 1000,
      host: 'muster',
      source: 'muster:audit',
      sourcetype: 'ocsf:json',
      event,
    });
    expect(JSON.parse(requestBody('elastic_json', event, 'auth.login'))).toEqual([event]);
  });
});
