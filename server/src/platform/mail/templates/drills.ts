import type { CadenceKind, DefaultCadenceKey } from '@muster/contracts';
import { defineMail, type DurationValue, type MomentValue } from './template.js';

/** A reminder before a drill run, to its lead, participants or managers. `when` is written in the organisation's zone. */
export const drillReminderMail = defineMail<{
  name: string;
  title: string;
  leadTime: DurationValue;
  when: MomentValue;
  location: string;
  lead: string;
  url: string;
}>()({
  texts: {
    en: {
      subject: 'Reminder: "{{title}}" starts in {{leadTime}}',
      greeting: 'Hello {{name}},',
      intro: 'This is a reminder of a drill you are part of.',
      drill: 'Drill: {{title}}',
      when: 'When: {{when}}',
      where: 'Where: {{location}}',
      lead: 'Lead: {{lead}}',
      open: 'Open the drill: {{url}}',
      signature: '— Muster',
    },
    es: {
      subject: 'Recordatorio: «{{title}}» empieza dentro de {{leadTime}}',
      greeting: 'Hola, {{name}}:',
      intro: 'Le recordamos un simulacro en el que usted participa.',
      drill: 'Simulacro: {{title}}',
      when: 'Cuándo: {{when}}',
      where: 'Lugar: {{location}}',
      lead: 'Responsable: {{lead}}',
      open: 'Abrir el simulacro: {{url}}',
      signature: '— Muster',
    },
    zh: {
      subject: '提醒：“{{title}}”将在 {{leadTime}}后开始',
      greeting: '{{name}}，您好：',
      intro: '提醒您有一项您参与的演练。',
      drill: '演练：{{title}}',
      when: '时间：{{when}}',
      where: '地点：{{location}}',
      lead: '负责人：{{lead}}',
      open: '打开演练：{{url}}',
      signature: '— Muster',
    },
    ar: {
      subject: 'تذكير: يبدأ «{{title}}» بعد {{leadTime}}',
      greeting: 'مرحبًا {{name}}،',
      intro: 'هذا تذكير بتمرين أنت مشارك فيه.',
      drill: 'التمرين: {{title}}',
      when: 'الموعد: {{when}}',
      where: 'المكان: {{location}}',
      lead: 'المسؤول: {{lead}}',
      open: 'افتح التمرين: {{url}}',
      signature: '— Muster',
    },
  },
  compose: (t, fill, p) => ({
    subject: fill(t.subject, { title: p.title, leadTime: p.leadTime }),
    lines: [
      fill(t.greeting, { name: p.name }),
      '',
      t.intro,
      '',
      fill(t.drill, { title: p.title }),
      fill(t.when, { when: p.when }),
      fill(t.where, { location: p.location }),
      fill(t.lead, { lead: p.lead }),
      '',
      fill(t.open, { url: p.url }),
      '',
      t.signature,
    ],
  }),
});

/**
 * A required cadence is due soon or overdue, to the organisation's ADMINs and MANAGERs. `dueDate`
 * is the last day on the organisation's calendar (`YYYY-MM-DD`), null when nothing was ever run.
 * A cadence that keeps a default name is named in the reader's language (the web's
 * `drillReminders:defaultCadences`; templates.spec.ts keeps them equal).
 */
export const drillCadenceMail = defineMail<{
  name: string;
  cadence: { name: string; key: DefaultCadenceKey | null };
  kind: CadenceKind;
  state: 'due_soon' | 'overdue';
  dueDate: string | null;
  url: string;
}>()({
  texts: {
    en: {
      subjectOverdue: 'Overdue: {{cadence}}',
      subjectDueSoon: 'Due soon: {{cadence}}',
      greeting: 'Hello {{name}},',
      overdue_drill: '{{cadence}}: the next drill is overdue since {{dueDate}}.',
      overdue_exercise: '{{cadence}}: the next exercise is overdue since {{dueDate}}.',
      dueBy_drill: '{{cadence}}: the next drill is due by {{dueDate}}.',
      dueBy_exercise: '{{cadence}}: the next exercise is due by {{dueDate}}.',
      never_drill: '{{cadence}}: no drill has been recorded yet.',
      never_exercise: '{{cadence}}: no exercise has been recorded yet.',
      plan: 'Plan one: {{url}}',
      signature: '— Muster',
      cadence_isps_drill: 'ISPS drill — at least every 3 months (B/18.5)',
      cadence_isps_exercise: 'ISPS exercise — every calendar year, at most 18 months apart (B/18.6)',
    },
    es: {
      subjectOverdue: 'Vencida: {{cadence}}',
      subjectDueSoon: 'Vence pronto: {{cadence}}',
      greeting: 'Hola, {{name}}:',
      overdue_drill: '{{cadence}}: el próximo simulacro está vencido desde el {{dueDate}}.',
      overdue_exercise: '{{cadence}}: el próximo ejercicio está vencido desde el {{dueDate}}.',
      dueBy_drill: '{{cadence}}: el próximo simulacro debe hacerse a más tardar el {{dueDate}}.',
      dueBy_exercise: '{{cadence}}: el próximo ejercicio debe hacerse a más tardar el {{dueDate}}.',
      never_drill: '{{cadence}}: aún no se ha registrado ningún simulacro.',
      never_exercise: '{{cadence}}: aún no se ha registrado ningún ejercicio.',
      plan: 'Planifique uno: {{url}}',
      signature: '— Muster',
      cadence_isps_drill: 'Simulacro PBIP: al menos cada 3 meses (B/18.5)',
      cadence_isps_exercise: 'Ejercicio PBIP: cada año natural, con un máximo de 18 meses entre ejercicios (B/18.6)',
    },
    zh: {
      subjectOverdue: '已逾期：{{cadence}}',
      subjectDueSoon: '即将到期：{{cadence}}',
      greeting: '{{name}}，您好：',
      overdue_drill: '{{cadence}}：下一次演练已逾期，截止日期为 {{dueDate}}。',
      overdue_exercise: '{{cadence}}：下一次演习已逾期，截止日期为 {{dueDate}}。',
      dueBy_drill: '{{cadence}}：下一次演练须在 {{dueDate}} 前完成。',
      dueBy_exercise: '{{cadence}}：下一次演习须在 {{dueDate}} 前完成。',
      never_drill: '{{cadence}}：尚无演练记录。',
      never_exercise: '{{cadence}}：尚无演习记录。',
      plan: '安排一次：{{url}}',
      signature: '— Muster',
      cadence_isps_drill: 'ISPS 演练——至少每 3 个月一次（B/18.5）',
      cadence_isps_exercise: 'ISPS 演习——每个日历年一次，间隔不超过 18 个月（B/18.6）',
    },
    ar: {
      subjectOverdue: 'متأخر: {{cadence}}',
      subjectDueSoon: 'يستحق قريبًا: {{cadence}}',
      greeting: 'مرحبًا {{name}}،',
      overdue_drill: '{{cadence}}: التدريب التالي متأخر منذ {{dueDate}}.',
      overdue_exercise: '{{cadence}}: التمرين التالي متأخر منذ {{dueDate}}.',
      dueBy_drill: '{{cadence}}: يجب إجراء التدريب التالي في موعد أقصاه {{dueDate}}.',
      dueBy_exercise: '{{cadence}}: يجب إجراء التمرين التالي في موعد أقصاه {{dueDate}}.',
      never_drill: '{{cadence}}: لم يُسجَّل أي تدريب بعد.',
      never_exercise: '{{cadence}}: لم يُسجَّل أي تمرين بعد.',
      plan: 'خطّط لواحد: {{url}}',
      signature: '— Muster',
      cadence_isps_drill: 'تدريب ISPS — مرة كل 3 أشهر على الأقل (B/18.5)',
      cadence_isps_exercise: 'تمرين ISPS — كل سنة تقويمية، بفاصل لا يزيد على 18 شهرًا (B/18.6)',
    },
  },
  compose: (t, fill, p) => {
    const cadence = p.cadence.key ? t[`cadence_${p.cadence.key}`] : p.cadence.name;
    const status =
      p.dueDate === null
        ? fill(t[`never_${p.kind}`], { cadence })
        : fill(p.state === 'overdue' ? t[`overdue_${p.kind}`] : t[`dueBy_${p.kind}`], { cadence, dueDate: p.dueDate });
    return {
      subject: fill(p.state === 'overdue' ? t.subjectOverdue : t.subjectDueSoon, { cadence }),
      lines: [fill(t.greeting, { name: p.name }), '', status, '', fill(t.plan, { url: p.url }), '', t.signature],
    };
  },
});
