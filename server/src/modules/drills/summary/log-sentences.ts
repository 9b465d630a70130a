import type { DrillLogEntry, LanguageCode, RunParticipant } from '@muster/contracts';
import { ACTION_STATUSES } from '@muster/contracts';
import { clock } from './log-text.js';
import { isolate, SUMMARY_PDF_TEXT } from './summary-pdf-text.js';

/**
 * The decision log's sentences in the four languages: the same texts as the web's `drills:log.*`
 * (a test keeps them equal), so the exported PDF reads as the console and the summary screen do.
 */
export const LOG_SENTENCES = {
  en: {
    theClock: 'The drill clock',
    scheduled: '{{actor}} scheduled the drill at {{location}}, led by {{lead}}.',
    rescheduled: '{{actor}} changed the plan.',
    started: '{{actor}} started the drill.',
    paused: '{{actor}} paused the drill.',
    resumed: '{{actor}} resumed the drill.',
    completed: '{{actor}} completed the drill.',
    cancelled: '{{actor}} cancelled the drill.',
    approved: '{{actor}} approved the summary and locked the drill run.',
    addendum: '{{actor}} added an addendum.',
    step_started: '{{actor}} started the step “{{step}}”.',
    step_completed: '{{actor}} completed the step “{{step}}”.',
    step_completed_in: '{{actor}} completed the step “{{step}}” in {{duration}}.',
    step_skipped: '{{actor}} skipped the step “{{step}}”.',
    step_reopened: '{{actor}} reopened the step “{{step}}”.',
    item_checked: '{{actor}} checked “{{item}}” in “{{step}}”.',
    item_unchecked: '{{actor}} unchecked “{{item}}” in “{{step}}”.',
    inject_published: '{{actor}} published the inject “{{inject}}”.',
    inject_published_auto: 'The inject “{{inject}}” was published at its time.',
    observation_strength: '{{actor}} recorded a strength: {{note}}',
    observation_improvement: '{{actor}} recorded an area for improvement: {{note}}',
    checked_in: '{{actor}} checked in {{name}}.',
    checked_in_self: '{{name}} checked in.',
    checked_in_at: '{{actor}} checked in {{name}} at {{point}}.',
    checked_in_self_at: '{{name}} checked in at {{point}}.',
    checked_out: '{{actor}} checked out {{name}}.',
    checked_out_self: '{{name}} undid their check-in.',
    mustered: '{{actor}} recorded everyone mustered at {{time}}.',
    observers_opened: '{{actor}} let observers add observations.',
    observers_closed: '{{actor}} closed observations to observers.',
    auto_injects_on: '{{actor}} turned on publishing injects at their time.',
    auto_injects_off: '{{actor}} turned off publishing injects at their time.',
    settings: '{{actor}} changed the settings.',
    action_added: '{{actor}} added the corrective action “{{title}}” for {{owner}}.',
    action_updated: '{{actor}} updated the corrective action “{{title}}”.',
    action_added_for: '{{actor}} added the corrective action “{{title}}” for {{owner}}, due {{date}}.',
    action_updated_status: '{{actor}} changed the corrective action “{{title}}” (now: {{status}}).',
  },
  es: {
    theClock: 'El reloj del simulacro',
    scheduled: '{{actor}} programó el simulacro en {{location}}, dirigido por {{lead}}.',
    rescheduled: '{{actor}} cambió el plan.',
    started: '{{actor}} inició el simulacro.',
    paused: '{{actor}} pausó el simulacro.',
    resumed: '{{actor}} reanudó el simulacro.',
    completed: '{{actor}} finalizó el simulacro.',
    cancelled: '{{actor}} canceló el simulacro.',
    approved: '{{actor}} aprobó el informe y bloqueó el simulacro.',
    addendum: '{{actor}} añadió un anexo.',
    step_started: '{{actor}} inició el paso «{{step}}».',
    step_completed: '{{actor}} completó el paso «{{step}}».',
    step_completed_in: '{{actor}} completó el paso «{{step}}» en {{duration}}.',
    step_skipped: '{{actor}} omitió el paso «{{step}}».',
    step_reopened: '{{actor}} reabrió el paso «{{step}}».',
    item_checked: '{{actor}} marcó «{{item}}» en «{{step}}».',
    item_unchecked: '{{actor}} desmarcó «{{item}}» en «{{step}}».',
    inject_published: '{{actor}} publicó la inyección «{{inject}}».',
    inject_published_auto: 'La inyección «{{inject}}» se publicó a su hora.',
    observation_strength: '{{actor}} registró una fortaleza: {{note}}',
    observation_improvement: '{{actor}} registró un área de mejora: {{note}}',
    checked_in: '{{actor}} registró la llegada de {{name}}.',
    checked_in_self: '{{name}} registró su llegada.',
    checked_in_at: '{{actor}} registró la llegada de {{name}} en {{point}}.',
    checked_in_self_at: '{{name}} registró su llegada en {{point}}.',
    checked_out: '{{actor}} anuló la llegada de {{name}}.',
    checked_out_self: '{{name}} anuló su llegada.',
    mustered: '{{actor}} registró que todos estaban reunidos a {{time}}.',
    observers_opened: '{{actor}} permitió que los observadores añadan observaciones.',
    observers_closed: '{{actor}} cerró las observaciones a los observadores.',
    auto_injects_on: '{{actor}} activó la publicación de inyecciones a su hora.',
    auto_injects_off: '{{actor}} desactivó la publicación de inyecciones a su hora.',
    settings: '{{actor}} cambió los ajustes.',
    action_added: '{{actor}} añadió la acción correctiva «{{title}}» para {{owner}}.',
    action_updated: '{{actor}} actualizó la acción correctiva «{{title}}».',
    action_added_for: '{{actor}} añadió la acción correctiva «{{title}}» para {{owner}}, con vencimiento el {{date}}.',
    action_updated_status: '{{actor}} modificó la acción correctiva «{{title}}» (ahora: {{status}}).',
  },
  zh: {
    theClock: '演练计时',
    scheduled: '{{actor}} 安排了在 {{location}} 进行的演练，负责人为 {{lead}}。',
    rescheduled: '{{actor}} 更改了计划。',
    started: '{{actor}} 开始了演练。',
    paused: '{{actor}} 暂停了演练。',
    resumed: '{{actor}} 继续了演练。',
    completed: '{{actor}} 完成了演练。',
    cancelled: '{{actor}} 取消了演练。',
    approved: '{{actor}} 批准了总结并锁定了本次演练。',
    addendum: '{{actor}} 添加了补充说明。',
    step_started: '{{actor}} 开始了步骤“{{step}}”。',
    step_completed: '{{actor}} 完成了步骤“{{step}}”。',
    step_completed_in: '{{actor}} 完成了步骤“{{step}}”，用时 {{duration}}。',
    step_skipped: '{{actor}} 跳过了步骤“{{step}}”。',
    step_reopened: '{{actor}} 重新打开了步骤“{{step}}”。',
    item_checked: '{{actor}} 勾选了“{{step}}”中的“{{item}}”。',
    item_unchecked: '{{actor}} 取消勾选了“{{step}}”中的“{{item}}”。',
    inject_published: '{{actor}} 发布了注入事件“{{inject}}”。',
    inject_published_auto: '注入事件“{{inject}}”已按时发布。',
    observation_strength: '{{actor}} 记录了一项优点：{{note}}',
    observation_improvement: '{{actor}} 记录了一项待改进之处：{{note}}',
    checked_in: '{{actor}} 为 {{name}} 签到。',
    checked_in_self: '{{name}} 已签到。',
    checked_in_at: '{{actor}} 在 {{point}} 为 {{name}} 签到。',
    checked_in_self_at: '{{name}} 已在 {{point}} 签到。',
    checked_out: '{{actor}} 取消了 {{name}} 的签到。',
    checked_out_self: '{{name}} 撤销了自己的签到。',
    mustered: '{{actor}} 记录全员于 {{time}} 集合完毕。',
    observers_opened: '{{actor}} 允许观察员添加观察记录。',
    observers_closed: '{{actor}} 不再允许观察员添加观察记录。',
    auto_injects_on: '{{actor}} 开启了按时自动发布注入事件。',
    auto_injects_off: '{{actor}} 关闭了按时自动发布注入事件。',
    settings: '{{actor}} 更改了设置。',
    action_added: '{{actor}} 为 {{owner}} 添加了纠正措施“{{title}}”。',
    action_updated: '{{actor}} 更新了纠正措施“{{title}}”。',
    action_added_for: '{{actor}} 为 {{owner}} 添加了纠正措施“{{title}}”，截止日期为 {{date}}。',
    action_updated_status: '{{actor}} 修改了纠正措施“{{title}}”（当前：{{status}}）。',
  },
  ar: {
    theClock: 'مؤقت التمرين',
    scheduled: 'جدول {{actor}} التمرين في {{location}} بقيادة {{lead}}.',
    rescheduled: 'غيّر {{actor}} الخطة.',
    started: 'بدأ {{actor}} التمرين.',
    paused: 'أوقف {{actor}} التمرين مؤقتًا.',
    resumed: 'استأنف {{actor}} التمرين.',
    completed: 'أنهى {{actor}} التمرين.',
    cancelled: 'ألغى {{actor}} التمرين.',
    approved: 'اعتمد {{actor}} الملخص وأقفل التمرين.',
    addendum: 'أضاف {{actor}} ملحقًا.',
    step_started: 'بدأ {{actor}} الخطوة «{{step}}».',
    step_completed: 'أنجز {{actor}} الخطوة «{{step}}».',
    step_completed_in: 'أنجز {{actor}} الخطوة «{{step}}» في {{duration}}.',
    step_skipped: 'تخطى {{actor}} الخطوة «{{step}}».',
    step_reopened: 'أعاد {{actor}} فتح الخطوة «{{step}}».',
    item_checked: 'أشّر {{actor}} على «{{item}}» في «{{step}}».',
    item_unchecked: 'أزال {{actor}} التأشير عن «{{item}}» في «{{step}}».',
    inject_published: 'نشر {{actor}} المستجد «{{inject}}».',
    inject_published_auto: 'نُشر المستجد «{{inject}}» في موعده.',
    observation_strength: 'سجّل {{actor}} نقطة قوة: {{note}}',
    observation_improvement: 'سجّل {{actor}} مجالًا للتحسين: {{note}}',
    checked_in: 'سجّل {{actor}} حضور {{name}}.',
    checked_in_self: 'سجّل {{name}} حضوره.',
    checked_in_at: 'سجّل {{actor}} حضور {{name}} عند {{point}}.',
    checked_in_self_at: 'سجّل {{name}} حضوره عند {{point}}.',
    checked_out: 'ألغى {{actor}} حضور {{name}}.',
    checked_out_self: 'تراجع {{name}} عن تسجيل حضوره.',
    mustered: 'سجّل {{actor}} تجمّع الجميع عند {{time}}.',
    observers_opened: 'سمح {{actor}} للمراقبين بإضافة ملاحظات.',
    observers_closed: 'أوقف {{actor}} إضافة المراقبين للملاحظات.',
    auto_injects_on: 'فعّل {{actor}} نشر المستجدات في موعدها.',
    auto_injects_off: 'أوقف {{actor}} نشر المستجدات في موعدها.',
    settings: 'غيّر {{actor}} الإعدادات.',
    action_added: 'أضاف {{actor}} الإجراء التصحيحي «{{title}}» وأسنده إلى {{owner}}.',
    action_updated: 'حدّث {{actor}} الإجراء التصحيحي «{{title}}».',
    action_added_for: 'أضاف {{actor}} الإجراء التصحيحي «{{title}}» وأسنده إلى {{owner}}، وموعده النهائي {{date}}.',
    action_updated_status: 'عدّل {{actor}} الإجراء التصحيحي «{{title}}» (الحالة الآن: {{status}}).',
  },
} as const satisfies Record<LanguageCode, Record<string, string>>;

type LogKey = keyof (typeof LOG_SENTENCES)['en'];

const str = (v: string | number | boolean | null | undefined): string => isolate(v === null || v === undefined ? '' : String(v));

/**
 * One decision-log entry in a language, as the web's `logSentences` writes it: one sentence, or one
 * per setting changed. `participants` tell a person who undid their own check-in from one marked
 * absent; `formatDate` writes a corrective action's due date.
 */
export function logSentences(
  entry: DrillLogEntry,
  language: LanguageCode,
  context: { participants?: readonly Pick<RunParticipant, 'id' | 'userId'>[]; formatDate?: (isoDate: string) => string } = {},
): string[] {
  const texts: Record<LogKey, string> = LOG_SENTENCES[language];
  const d = entry.data;
  const actor = entry.actor ? isolate(entry.actor.name) : texts.theClock;
  const say = (key: LogKey, vars: Record<string, string> = {}): string =>
    texts[key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => (name === 'actor' ? actor : (vars[name] ?? '')));
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
        ? [say('step_completed_in', { step: str(d.step), duration: clock(d.durationMs) })]
        : [say('step_completed', { step: str(d.step) })];
    case 'item_checked':
    case 'item_unchecked':
      return [say(entry.type, { item: str(d.item), step: str(d.step) })];
    case 'inject_published':
      return [say(d.auto === true ? 'inject_published_auto' : 'inject_published', { inject: str(d.inject) })];
    case 'observation':
      return [
        say(d.kind === 'improvement' ? 'observation_improvement' : 'observation_strength', {
          note: str(d.note),
        }),
      ];
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
      return [say('mustered', { time: clock(typeof d.elapsedMs === 'number' ? d.elapsedMs : null) || '—' })];
    case 'settings': {
      const sentences: string[] = [];
      if (typeof d.observersMayWrite === 'boolean') sentences.push(say(d.observersMayWrite ? 'observers_opened' : 'observers_closed'));
      if (typeof d.autoInjects === 'boolean') sentences.push(say(d.autoInjects ? 'auto_injects_on' : 'auto_injects_off'));
      return sentences.length > 0 ? sentences : [say('settings')];
    }
    case 'action_added':
      return typeof d.dueDate === 'string' && d.owner
        ? [
            say('action_added_for', {
              title: str(d.title),
              owner: str(d.owner),
              date: context.formatDate ? context.formatDate(d.dueDate) : d.dueDate,
            }),
          ]
        : [say('action_added', { title: str(d.title), owner: str(d.owner) })];
    case 'action_updated': {
      const status = ACTION_STATUSES.find((s) => s === d.status);
      return [
        status
          ? say('action_updated_status', { title: str(d.title), status: SUMMARY_PDF_TEXT[language].actionStatuses[status] })
          : say('action_updated', { title: str(d.title) }),
      ];
    }
  }
}
