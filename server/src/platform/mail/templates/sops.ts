import { defineMail } from './template.js';

/**
 * An effective SOP's review is due soon or overdue, to the organisation's ADMINs and MANAGERs and
 * the version's author. `dueDate` is the day on the organisation's calendar (`YYYY-MM-DD`); the
 * SOP's title is as its authors wrote it.
 */
export const sopReviewMail = defineMail<{
  name: string;
  title: string;
  version: number;
  state: 'due_soon' | 'overdue';
  dueDate: string;
  url: string;
}>()({
  texts: {
    en: {
      subjectOverdue: 'SOP review overdue: {{title}}',
      subjectDueSoon: 'SOP review due soon: {{title}}',
      greeting: 'Hello {{name}},',
      overdue: 'The review of "{{title}}" (version {{version}}) was due on {{dueDate}}.',
      dueSoon: 'The review of "{{title}}" (version {{version}}) is due by {{dueDate}}.',
      action: 'Review it and start a new version if anything changed: {{url}}',
      signature: '— Muster',
    },
    es: {
      subjectOverdue: 'Revisión de POE vencida: {{title}}',
      subjectDueSoon: 'Revisión de POE próxima: {{title}}',
      greeting: 'Hola, {{name}}:',
      overdue: 'La revisión de «{{title}}» (versión {{version}}) vencía el {{dueDate}}.',
      dueSoon: 'La revisión de «{{title}}» (versión {{version}}) debe hacerse a más tardar el {{dueDate}}.',
      action: 'Revíselo e inicie una nueva versión si algo ha cambiado: {{url}}',
      signature: '— Muster',
    },
    zh: {
      subjectOverdue: 'SOP 复审已逾期：{{title}}',
      subjectDueSoon: 'SOP 复审即将到期：{{title}}',
      greeting: '{{name}}，您好：',
      overdue: '“{{title}}”（版本 {{version}}）的复审已于 {{dueDate}} 到期。',
      dueSoon: '“{{title}}”（版本 {{version}}）须在 {{dueDate}} 前复审。',
      action: '请复审，如有变化请开始新版本：{{url}}',
      signature: '— Muster',
    },
    ar: {
      subjectOverdue: 'تأخرت مراجعة إجراء التشغيل القياسي: {{title}}',
      subjectDueSoon: 'تقترب مراجعة إجراء التشغيل القياسي: {{title}}',
      greeting: 'مرحبًا {{name}}،',
      overdue: 'كان موعد مراجعة "{{title}}" (الإصدار {{version}}) في {{dueDate}}.',
      dueSoon: 'يجب مراجعة "{{title}}" (الإصدار {{version}}) في موعد أقصاه {{dueDate}}.',
      action: 'راجعه وابدأ إصدارًا جديدًا إذا تغيّر شيء: {{url}}',
      signature: '— Muster',
    },
  },
  compose: (t, fill, p) => {
    const values = { title: p.title, version: p.version, dueDate: p.dueDate };
    return {
      subject: fill(p.state === 'overdue' ? t.subjectOverdue : t.subjectDueSoon, { title: p.title }),
      lines: [
        fill(t.greeting, { name: p.name }),
        '',
        fill(p.state === 'overdue' ? t.overdue : t.dueSoon, values),
        '',
        fill(t.action, { url: p.url }),
        '',
        t.signature,
      ],
    };
  },
});
