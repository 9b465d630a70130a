import {
  ACTION_STATUSES,
  DRILL_RUN_STATUSES,
  DRILL_SCENARIOS,
  DRILL_TYPES,
  STEP_STATUSES,
  type ActionStatus,
  type DrillRunStatus,
  type DrillScenario,
  type DrillType,
  type LanguageCode,
  type StepStatus,
} from '@muster/contracts';
import { formatMoment } from '../../../platform/time/zoned.js';

/**
 * The fixed texts of the after-action summary PDF in the four languages. The labels the summary
 * page also shows have the web's wording (web/public/locales/<lng>/drillSummary.json and
 * drills.json; summary-pdf-text.spec.ts keeps them equal); English keeps the PDF's own wording.
 * Names, titles and notes people typed come in isolated (see `isolate`), so that their
 * direction does not drag the sentence's punctuation along.
 */
export interface SummaryPdfText {
  /** The document's title (its metadata). */
  documentTitle(title: string): string;
  /** The line above the title. */
  kicker: string;
  /** A moment (ISO timestamp), in the organisation's time zone, with the zone's name. */
  date(iso: string, timeZone: string): string;
  // Labels of the drill's facts.
  scenario: string;
  location: string;
  lead: string;
  scheduled: string;
  started: string;
  completed: string;
  duration: string;
  status: string;
  /** "Fire (full scale)": the scenario and the kind of drill. */
  scenarioAndType(scenario: string, type: string): string;
  scenarios: Record<DrillScenario, string>;
  types: Record<DrillType, string>;
  runStatuses: Record<DrillRunStatus, string>;
  stepStatuses: Record<StepStatus, string>;
  actionStatuses: Record<ActionStatus, string>;
  approvedLocked(name: string, date: string): string;
  // Sections.
  objectives: string;
  steps(done: number, total: number, skipped: number): string;
  attendance(present: number, roster: number): string;
  injects: string;
  strengths: string;
  improvements: string;
  actions: string;
  addenda: string;
  decisionLog: string;
  // Inside the sections.
  minutes(value: string): string;
  expected(minutes: number): string;
  took(duration: string, variance: string): string;
  notTimed: string;
  checklist(done: number, total: number): string;
  timeToMuster: string;
  againstTarget(time: string, target: string, met: boolean): string;
  presentAt(time: string): string;
  notCheckedIn: string;
  inject(title: string, plannedMinute: number, publication: string): string;
  notPublished: string;
  publishedByClock(time: string): string;
  publishedBy(time: string, name: string): string;
  response(strength: boolean, author: string, note: string): string;
  noneRecorded: string;
  noActions: string;
  action(title: string, owner: string, due: string, status: string): string;
  /** "note — author, 05:12": who wrote an observation, and when in the drill. */
  byAt(author: string, time: string | null): string;
}

/** Text people typed, isolated (Unicode first-strong isolate) inside a sentence, as the web does. */
export const isolate = (text: string): string => `\u2068${text}\u2069`;

/** An enum value as words with a capital: `full_scale` → "Full scale" (the English PDF's wording). */
export const words = (value: string): string => {
  const text = value.replaceAll('_', ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};
const wordsOf = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v, words(v)])) as Record<T, string>;

/**
 * A moment in a language's medium date and short time, Gregorian, with Latin digits (as the web
 * writes them), in the organisation's zone, with the zone's name (`formatMoment`).
 */
const intlDate = (language: LanguageCode) => (iso: string, timeZone: string) => formatMoment(new Date(iso), timeZone, language);

const en: SummaryPdfText = {
  documentTitle: (title) => `${title} — after-action summary`,
  kicker: 'After-action summary',
  // English keeps the form it always had: "Mon, 23 Nov 2026 10:00:00 UTC" (in the organisation's zone).
  date: intlDate('en'),
  scenario: 'Scenario',
  location: 'Location',
  lead: 'Lead',
  scheduled: 'Scheduled',
  started: 'Started',
  completed: 'Completed',
  duration: 'Duration',
  status: 'Status',
  scenarioAndType: (scenario, type) => `${scenario} (${type.toLowerCase()})`,
  scenarios: wordsOf(DRILL_SCENARIOS),
  types: wordsOf(DRILL_TYPES),
  runStatuses: wordsOf(DRILL_RUN_STATUSES),
  stepStatuses: wordsOf(STEP_STATUSES),
  actionStatuses: wordsOf(ACTION_STATUSES),
  approvedLocked: (name, date) => `Approved by ${name} on ${date} — locked`,
  objectives: 'Objectives',
  steps: (done, total, skipped) => `Steps (${String(done)} of ${String(total)} done, ${String(skipped)} skipped)`,
  attendance: (present, roster) => `Attendance (${String(present)} of ${String(roster)} present)`,
  injects: 'Injects and responses',
  strengths: 'Strengths',
  improvements: 'Areas for improvement',
  actions: 'Corrective actions',
  addenda: 'Addenda',
  decisionLog: 'Decision log',
  minutes: (value) => `${value} min`,
  expected: (minutes) => `expected ${String(minutes)} min`,
  took: (duration, variance) => `took ${duration} (${variance})`,
  notTimed: 'not timed',
  checklist: (done, total) => `checklist ${String(done)}/${String(total)}`,
  timeToMuster: 'Time to muster',
  againstTarget: (time, target, met) => `${time} against a target of ${target} — ${met ? 'met' : 'missed'}`,
  presentAt: (time) => `present, checked in at ${time}`,
  notCheckedIn: 'not checked in',
  inject: (title, minute, publication) => `${title} — planned ${String(minute)} min, ${publication}`,
  notPublished: 'not published',
  publishedByClock: (time) => `published at ${time} by the clock`,
  publishedBy: (time, name) => `published at ${time} by ${name}`,
  response: (strength, author, note) => `Response (${strength ? 'strength' : 'area for improvement'}) — ${author}: ${note}`,
  noneRecorded: 'None recorded.',
  noActions: 'None.',
  action: (title, owner, due, status) => `${title} — ${owner}, due ${due} (${status.toLowerCase()})`,
  byAt: (author, time) => `${author}${time === null ? '' : `, ${time}`}`,
};

const es: SummaryPdfText = {
  documentTitle: (title) => `${title} — informe posterior al ejercicio`,
  kicker: 'Informe posterior al ejercicio',
  date: intlDate('es'),
  scenario: 'Escenario',
  location: 'Lugar',
  lead: 'Responsable',
  scheduled: 'Programado',
  started: 'Inicio',
  completed: 'Finalización',
  duration: 'Tiempo del ejercicio',
  status: 'Estado',
  scenarioAndType: (scenario, type) => `${scenario} (${type.toLowerCase()})`,
  scenarios: {
    bomb_threat: 'Amenaza de bomba',
    unauthorised_access: 'Acceso no autorizado',
    stowaway: 'Polizón',
    ssas_activation: 'Activación del SSAS',
    fire: 'Incendio',
    evacuation: 'Evacuación y reunión',
    man_overboard: 'Hombre al agua',
    oil_spill: 'Derrame de hidrocarburos',
    cyber_incident: 'Incidente cibernético',
    custom: 'Personalizado',
  },
  types: {
    drill: 'Ejercicio práctico',
    tabletop: 'Ejercicio de mesa',
    functional: 'Ejercicio funcional',
    full_scale: 'Ejercicio a escala real',
  },
  runStatuses: {
    scheduled: 'Programado',
    in_progress: 'En curso',
    paused: 'En pausa',
    completed: 'Terminado',
    approved: 'Aprobado',
    cancelled: 'Cancelado',
  },
  stepStatuses: { pending: 'Sin empezar', in_progress: 'En curso', done: 'Hecho', skipped: 'Omitido' },
  actionStatuses: { open: 'Abierta', in_progress: 'En curso', done: 'Hecha' },
  approvedLocked: (name, date) => `Aprobado por ${name} el ${date}: bloqueado`,
  objectives: 'Objetivos',
  steps: (done, total, skipped) => `Pasos (${String(done)} de ${String(total)} hechos, ${String(skipped)} omitidos)`,
  attendance: (present, roster) => `Asistencia (${String(present)} de ${String(roster)} presentes)`,
  injects: 'Inyecciones y respuestas',
  strengths: 'Fortalezas',
  improvements: 'Áreas de mejora',
  actions: 'Acciones correctivas',
  addenda: 'Anexos',
  decisionLog: 'Registro de decisiones',
  minutes: (value) => `${value} min`,
  expected: (minutes) => `previsto ${String(minutes)} min`,
  took: (duration, variance) => `duró ${duration} (${variance})`,
  notTimed: 'sin tiempo medido',
  checklist: (done, total) => `lista de comprobación ${String(done)}/${String(total)}`,
  timeToMuster: 'Tiempo de reunión',
  againstTarget: (time, target, met) => `${time} frente a un objetivo de ${target}: ${met ? 'cumplido' : 'no cumplido'}`,
  presentAt: (time) => `presente, registrado a las ${time}`,
  notCheckedIn: 'sin registrar',
  inject: (title, minute, publication) => `${title} — prevista en el minuto ${String(minute)}, ${publication}`,
  notPublished: 'no publicada',
  publishedByClock: (time) => `publicada a las ${time} por el reloj del ejercicio`,
  publishedBy: (time, name) => `publicada a las ${time} por ${name}`,
  response: (strength, author, note) => `Respuesta (${strength ? 'fortaleza' : 'área de mejora'}) — ${author}: ${note}`,
  noneRecorded: 'No se registró nada.',
  noActions: 'Ninguna.',
  action: (title, owner, due, status) => `${title} — ${owner}, fecha límite ${due} (${status.toLowerCase()})`,
  byAt: (author, time) => `${author}${time === null ? '' : `, ${time}`}`,
};

const zh: SummaryPdfText = {
  documentTitle: (title) => `${title} — 演练总结报告`,
  kicker: '演练总结报告',
  date: intlDate('zh'),
  scenario: '情景',
  location: '地点',
  lead: '负责人',
  scheduled: '计划时间',
  started: '开始时间',
  completed: '完成时间',
  duration: '演练用时',
  status: '状态',
  scenarioAndType: (scenario, type) => `${scenario}（${type}）`,
  scenarios: {
    bomb_threat: '炸弹威胁',
    unauthorised_access: '未经授权进入',
    stowaway: '偷渡者',
    ssas_activation: '船舶保安警报系统启动',
    fire: '火灾',
    evacuation: '疏散与集合',
    man_overboard: '人员落水',
    oil_spill: '溢油',
    cyber_incident: '网络安全事件',
    custom: '自定义',
  },
  types: { drill: '演练', tabletop: '桌面演习', functional: '功能演习', full_scale: '全面演习' },
  runStatuses: {
    scheduled: '已安排',
    in_progress: '进行中',
    paused: '已暂停',
    completed: '已完成',
    approved: '已批准',
    cancelled: '已取消',
  },
  stepStatuses: { pending: '未开始', in_progress: '进行中', done: '已完成', skipped: '已跳过' },
  actionStatuses: { open: '待处理', in_progress: '进行中', done: '已完成' },
  approvedLocked: (name, date) => `由 ${name} 于 ${date} 批准，已锁定`,
  objectives: '目标',
  steps: (done, total, skipped) => `步骤（已完成 ${String(done)} / ${String(total)}，跳过 ${String(skipped)}）`,
  attendance: (present, roster) => `出勤（到场 ${String(present)} / ${String(roster)}）`,
  injects: '情景注入与响应',
  strengths: '优点',
  improvements: '待改进之处',
  actions: '纠正措施',
  addenda: '附录',
  decisionLog: '决策日志',
  minutes: (value) => `${value} 分钟`,
  expected: (minutes) => `预计 ${String(minutes)} 分钟`,
  took: (duration, variance) => `用时 ${duration}（${variance}）`,
  notTimed: '未计时',
  checklist: (done, total) => `检查清单 ${String(done)}/${String(total)}`,
  timeToMuster: '集合用时',
  againstTarget: (time, target, met) => `${time}，目标 ${target}：${met ? '达到目标' : '未达到目标'}`,
  presentAt: (time) => `到场，${time} 签到`,
  notCheckedIn: '未签到',
  inject: (title, minute, publication) => `${title} — 计划于第 ${String(minute)} 分钟，${publication}`,
  notPublished: '未发布',
  publishedByClock: (time) => `演练计时器于 ${time} 发布`,
  publishedBy: (time, name) => `${name} 于 ${time} 发布`,
  response: (strength, author, note) => `响应（${strength ? '优点' : '待改进之处'}）— ${author}：${note}`,
  noneRecorded: '没有记录。',
  noActions: '无。',
  action: (title, owner, due, status) => `${title} — ${owner}，截止 ${due}（${status}）`,
  byAt: (author, time) => `${author}${time === null ? '' : `，${time}`}`,
};

const ar: SummaryPdfText = {
  documentTitle: (title) => `${title} — تقرير ما بعد التدريب`,
  kicker: 'تقرير ما بعد التدريب',
  date: intlDate('ar'),
  scenario: 'السيناريو',
  location: 'المكان',
  lead: 'المسؤول',
  scheduled: 'الموعد المحدد',
  started: 'البدء',
  completed: 'الاكتمال',
  duration: 'زمن التدريب',
  status: 'الحالة',
  scenarioAndType: (scenario, type) => `${scenario} (${type})`,
  scenarios: {
    bomb_threat: 'تهديد بقنبلة',
    unauthorised_access: 'دخول غير مصرح به',
    stowaway: 'متسلل على متن السفينة',
    ssas_activation: 'تفعيل نظام إنذار أمن السفينة',
    fire: 'حريق',
    evacuation: 'الإخلاء والتجمع',
    man_overboard: 'سقوط شخص في الماء',
    oil_spill: 'تسرب نفطي',
    cyber_incident: 'حادث سيبراني',
    custom: 'مخصص',
  },
  types: { drill: 'تدريب', tabletop: 'تمرين نظري', functional: 'تمرين وظيفي', full_scale: 'تمرين شامل' },
  runStatuses: {
    scheduled: 'مجدول',
    in_progress: 'جارٍ',
    paused: 'متوقف مؤقتًا',
    completed: 'مكتمل',
    approved: 'معتمد',
    cancelled: 'ملغى',
  },
  stepStatuses: { pending: 'لم تبدأ', in_progress: 'جارية', done: 'منجزة', skipped: 'متخطاة' },
  actionStatuses: { open: 'مفتوح', in_progress: 'قيد التنفيذ', done: 'منجز' },
  approvedLocked: (name, date) => `اعتمده ${name} في ${date}، وهو مقفل`,
  objectives: 'الأهداف',
  steps: (done, total, skipped) => `الخطوات (${String(done)} من ${String(total)} منجزة، ${String(skipped)} متخطاة)`,
  attendance: (present, roster) => `الحضور (${String(present)} من ${String(roster)} حاضرون)`,
  injects: 'المدخلات والاستجابات',
  strengths: 'نقاط القوة',
  improvements: 'مجالات التحسين',
  actions: 'الإجراءات التصحيحية',
  addenda: 'الملاحق',
  decisionLog: 'سجل القرارات',
  minutes: (value) => `${value} دقيقة`,
  expected: (minutes) => `المتوقع ${String(minutes)} دقيقة`,
  took: (duration, variance) => `استغرقت ${duration} (${variance})`,
  notTimed: 'لم يُحسب وقتها',
  checklist: (done, total) => `قائمة التحقق ${String(done)}/${String(total)}`,
  timeToMuster: 'زمن التجمع',
  againstTarget: (time, target, met) => `${time} مقابل هدف ${target}: ${met ? 'تحقق الهدف' : 'لم يتحقق الهدف'}`,
  presentAt: (time) => `حاضر، سجّل حضوره عند ${time}`,
  notCheckedIn: 'لم يسجّل حضوره',
  inject: (title, minute, publication) => `${title} — مخطط له عند الدقيقة ${String(minute)}، ${publication}`,
  notPublished: 'لم يُنشر',
  publishedByClock: (time) => `نشرته ساعة التدريب عند ${time}`,
  publishedBy: (time, name) => `نشره ${name} عند ${time}`,
  response: (strength, author, note) => `استجابة (${strength ? 'نقطة قوة' : 'مجال للتحسين'}) — ${author}: ${note}`,
  noneRecorded: 'لم يُسجَّل شيء.',
  noActions: 'لا يوجد.',
  action: (title, owner, due, status) => `${title} — ${owner}، الموعد النهائي ${due} (${status})`,
  byAt: (author, time) => `${author}${time === null ? '' : `، ${time}`}`,
};

export const SUMMARY_PDF_TEXT: Readonly<Record<LanguageCode, SummaryPdfText>> = { en, es, zh, ar };
