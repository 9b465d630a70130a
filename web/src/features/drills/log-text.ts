import { ACTION_STATUSES, OBSERVATION_KINDS, type DrillLogEntry, type RunParticipant } from '@muster/contracts';
import type { TFunction } from 'i18next';
import { formatDate } from '../../lib/format';
import { formatClock } from './vocab';

/**
 * Text people typed (names, step titles, notes) inside a translated sentence, isolated with
 * Unicode first-strong isolates: an English title inside an Arabic sentence (or the reverse)
 * keeps its own direction without dragging the sentence's quotes and punctuation along.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
}

const str = (v: string | number | boolean | null | undefined): string => isolate(v === null || v === undefined ? '' : String(v));

/**
 * One decision-log entry in the reader's language, as the console and the summary write it: one
 * sentence, or one per setting changed. `actor` null is the drill clock. `participants` tell a
 * person who undid their own check-in from one marked absent. `t` must have the `drills`
 * namespace (the server's English sentences are only for the exported files).
 */
export function logSentences(
  t: TFunction,
  entry: DrillLogEntry,
  context: { participants?: readonly Pick<RunParticipant, 'id' | 'userId'>[]; language?: string | undefined } = {},
): string[] {
  const d = entry.data;
  const actor = entry.actor ? isolate(entry.actor.name) : t('log.theClock', { ns: 'drills' });
  const say = (key: string, vars: Record<string, string> = {}) => t(`log.${key}`, { ns: 'drills', actor, ...vars });
  switch (entry.type) {
    case 'scheduled':
      return [say('scheduled', { location: str(d.location), lead: str(d.lead) })];
    case 'rescheduled':
    case 'started':
    case 'paused':
    case 'resumed':
    case 'completed':
    case 'cancelled':
    case 'approved':
    case 'addendum':
      return [say(entry.type)];
    case 'step_started':
    case 'step_skipped':
    case 'step_reopened':
      return [say(entry.type, { step: str(d.step) })];
    case 'step_completed':
      return typeof d.durationMs === 'number'
        ? [say('step_completed_in', { step: str(d.step), duration: formatClock(d.durationMs) })]
        : [say('step_completed', { step: str(d.step) })];
    case 'item_checked':
    case 'item_unchecked':
      return [say(entry.type, { item: str(d.item), step: str(d.step) })];
    case 'inject_published':
      return [say(d.auto === true ? 'inject_published_auto' : 'inject_published', { inject: str(d.inject) })];
    case 'observation': {
      const kind = (OBSERVATION_KINDS as readonly unknown[]).includes(d.kind) ? String(d.kind) : 'strength';
      return [say(`observation_${kind}`, { note: str(d.note) })];
    }
    case 'checked_in':
      // Where, when a muster point named on an emergency map was chosen.
      if (typeof d.point === 'string' && d.point) {
        return [say(d.by === 'self' ? 'checked_in_self_at' : 'checked_in_at', { name: str(d.name), point: str(d.point) })];
      }
      return [say(d.by === 'self' ? 'checked_in_self' : 'checked_in', { name: str(d.name) })];
    case 'checked_out': {
      const who = context.participants?.find((p) => p.id === d.participantId);
      const self = Boolean(entry.actor?.id && who?.userId === entry.actor.id);
      return [say(self ? 'checked_out_self' : 'checked_out', { name: str(d.name) })];
    }
    case 'mustered':
      return [say('mustered', { time: formatClock(typeof d.elapsedMs === 'number' ? d.elapsedMs : null) })];
    case 'settings': {
      const sentences: string[] = [];
      if (typeof d.observersMayWrite === 'boolean') sentences.push(say(d.observersMayWrite ? 'observers_opened' : 'observers_closed'));
      if (typeof d.autoInjects === 'boolean') sentences.push(say(d.autoInjects ? 'auto_injects_on' : 'auto_injects_off'));
      return sentences.length > 0 ? sentences : [say('settings')];
    }
    case 'action_added':
      return typeof d.dueDate === 'string' && d.owner
        ? [say('action_added_for', { title: str(d.title), owner: str(d.owner), date: formatDate(d.dueDate, context.language) })]
        : [say('action_added', { title: str(d.title), owner: str(d.owner) })];
    case 'action_updated': {
      const status = (ACTION_STATUSES as readonly unknown[]).includes(d.status)
        ? t(`actionStatuses.${String(d.status)}`, { ns: 'drills' })
        : null;
      return [status ? say('action_updated_status', { title: str(d.title), status }) : say('action_updated', { title: str(d.title) })];
    }
  }
}
