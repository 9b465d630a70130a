import type { Notification } from '@muster/contracts';
import type { TFunction } from 'i18next';
import { formatDate, formatDateTime, relativeTime } from '../../lib/format';

const text = (value: string | number | null | undefined): string => (value === null || value === undefined ? '' : String(value));

/** What the bell says of one notification, in the reader's language: a title and a few lines. */
export interface NotificationText {
  title: string;
  /** Words people typed (a run's title, a cadence's name) are in the title: shown with `dir="auto"`. */
  lines: string[];
}

/**
 * The text of a notification, written from its `kind` and `data` (the server sends no sentences):
 * a drill reminder names the run, when it starts (relative and absolute) and where; a cadence
 * notice names the cadence, whether it is due soon or overdue, and the due date.
 */
export function notificationText(t: TFunction, notification: Notification, language: string | undefined, now: number): NotificationText {
  const data = notification.data;
  if (notification.kind === 'drill_reminder') {
    const title = t('reminder.title', { ns: 'notifications', title: text(data.title) });
    const lines: string[] = [];
    const at = text(data.scheduledAt);
    if (at && !Number.isNaN(Date.parse(at))) {
      const values = { ns: 'notifications', relative: relativeTime(at, now, language), when: formatDateTime(at, language) };
      lines.push(Date.parse(at) > now ? t('reminder.starts', values) : t('reminder.started', values));
    }
    const location = text(data.location);
    if (location) lines.push(t('reminder.where', { ns: 'notifications', location }));
    return { title, lines };
  }
  if (notification.kind === 'compliance_rule') {
    const title = t('compliance.title', { ns: 'notifications', source: text(data.source), profile: text(data.profileName) });
    const due = text(data.dueDate);
    const date = due ? formatDate(due, language) : '';
    let line: string;
    if (data.state === 'due_soon') line = t('compliance.dueSoon', { ns: 'notifications', date });
    else line = date ? t('compliance.failing', { ns: 'notifications', date }) : t('compliance.never', { ns: 'notifications' });
    return { title, lines: [line] };
  }
  if (notification.kind === 'compliance_document') {
    const title = t('document.title', { ns: 'notifications', title: text(data.title) });
    const due = text(data.date);
    const date = due ? formatDate(due, language) : '';
    const key = `document.${data.reviewKind === 'expiry' ? 'expiry' : 'review'}${data.overdue ? 'Overdue' : ''}`;
    return { title, lines: [t(key, { ns: 'notifications', date })] };
  }
  if (notification.kind === 'sop_review') {
    const due = text(data.dueDate);
    const values = { ns: 'notifications', version: text(data.version), date: due ? formatDate(due, language) : '' };
    return {
      title: t('sopReview.title', { ns: 'notifications', title: text(data.title) }),
      lines: [data.state === 'overdue' ? t('sopReview.overdue', values) : t('sopReview.dueSoon', values)],
    };
  }
  if (notification.kind === 'sso_break_glass') {
    return {
      title: t('breakGlass.title', { ns: 'notifications', admin: text(data.admin) }),
      lines: [t('breakGlass.line', { ns: 'notifications', email: text(data.email), ip: text(data.ip) })],
    };
  }
  if (notification.kind === 'approval_requested' || notification.kind === 'approval_break_glass') {
    const kind = t(`approvalKinds.${text(data.kind)}`, { ns: 'notifications', defaultValue: text(data.kind) });
    const key = notification.kind === 'approval_requested' ? 'approval.requested' : 'approval.breakGlass';
    return { title: t(key, { ns: 'notifications', kind }), lines: [text(data.subject)] };
  }
  if (notification.kind === 'approval_decided') {
    const kind = t(`approvalKinds.${text(data.kind)}`, { ns: 'notifications', defaultValue: text(data.kind) });
    const status = t(`approvalStatuses.${text(data.status)}`, { ns: 'notifications', defaultValue: text(data.status) });
    return { title: t('approval.decided', { ns: 'notifications', kind, status }), lines: [text(data.subject)] };
  }
  if (notification.kind === 'broadcast') {
    // The server wrote the text in the reader's language (English where the broadcast has none).
    return { title: text(data.title), lines: text(data.body) ? [text(data.body)] : [] };
  }
  if (notification.kind === 'evidence_request') {
    // A guest auditor's request (event `created`) or their verdict on the answer (`accepted`, `flagged`).
    const title = t('evidenceRequest.title', { ns: 'notifications', auditor: text(data.auditor) });
    const lines = [text(data.text)];
    if (data.event === 'accepted' || data.event === 'flagged') lines.push(t(`evidenceRequest.${data.event}`, { ns: 'notifications' }));
    else {
      const due = text(data.dueDate);
      if (due) lines.push(t('evidenceRequest.created', { ns: 'notifications', date: formatDate(due, language) }));
    }
    return { title, lines };
  }
  // drill_cadence, the other kind.
  const title = t('cadence.title', { ns: 'notifications', name: text(data.name) });
  const due = text(data.dueDate);
  const date = due ? formatDate(due, language) : '';
  let line: string;
  if (data.state === 'due_soon')
    line = date ? t('cadence.dueSoon', { ns: 'notifications', date }) : t('cadence.dueSoonNoDate', { ns: 'notifications' });
  else line = date ? t('cadence.overdue', { ns: 'notifications', date }) : t('cadence.never', { ns: 'notifications' });
  return { title, lines: [line] };
}
