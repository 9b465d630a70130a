import { defineMail } from './template.js';

/**
 * A guest auditor's evidence request, to the organisation's ADMINs: a new request (`created`), or
 * the auditor's verdict on the evidence submitted for it (`accepted`, or `flagged` with a comment).
 * `rule` is the rule's citation or id (the same in every language), empty when the request names none.
 */
export const evidenceRequestMail = defineMail<{
  name: string;
  auditor: string;
  text: string;
  rule: string;
  dueDate: string;
  event: 'created' | 'accepted' | 'flagged';
  comment: string;
  url: string;
}>()({
  texts: {
    en: {
      subjectCreated: 'Evidence requested by {{auditor}}',
      subjectAccepted: '{{auditor}} accepted the evidence you submitted',
      subjectFlagged: '{{auditor}} flagged the evidence you submitted',
      greeting: 'Hello {{name}},',
      created: '{{auditor}} asks for evidence, due by {{dueDate}}:',
      accepted: '{{auditor}} accepted the evidence submitted for this request:',
      flagged: '{{auditor}} flagged the evidence submitted for this request:',
      rule: 'Rule: {{rule}}',
      comment: 'Comment: {{comment}}',
      open: 'Answer it in the evidence vault: {{url}}',
      see: 'See the request in the evidence vault: {{url}}',
      signature: '— Muster',
    },
    es: {
      subjectCreated: '{{auditor}} solicita evidencias',
      subjectAccepted: '{{auditor}} aceptó las evidencias que envió',
      subjectFlagged: '{{auditor}} marcó con observaciones las evidencias que envió',
      greeting: 'Hola, {{name}}:',
      created: '{{auditor}} solicita evidencias, con fecha límite el {{dueDate}}:',
      accepted: '{{auditor}} aceptó las evidencias enviadas para esta solicitud:',
      flagged: '{{auditor}} marcó con observaciones las evidencias enviadas para esta solicitud:',
      rule: 'Regla: {{rule}}',
      comment: 'Comentario: {{comment}}',
      open: 'Respóndala en el almacén de evidencias: {{url}}',
      see: 'Vea la solicitud en el almacén de evidencias: {{url}}',
      signature: '— Muster',
    },
    zh: {
      subjectCreated: '{{auditor}} 请求提供证据',
      subjectAccepted: '{{auditor}} 已接受您提交的证据',
      subjectFlagged: '{{auditor}} 对您提交的证据提出了问题',
      greeting: '{{name}}，您好：',
      created: '{{auditor}} 请求提供证据，截止日期为 {{dueDate}}：',
      accepted: '{{auditor}} 已接受为此请求提交的证据：',
      flagged: '{{auditor}} 对为此请求提交的证据提出了问题：',
      rule: '规则：{{rule}}',
      comment: '意见：{{comment}}',
      open: '请在证据库中答复：{{url}}',
      see: '在证据库中查看该请求：{{url}}',
      signature: '— Muster',
    },
    ar: {
      subjectCreated: 'طلب {{auditor}} أدلة',
      subjectAccepted: 'قبل {{auditor}} الأدلة التي قدّمتها',
      subjectFlagged: 'أبدى {{auditor}} ملاحظات على الأدلة التي قدّمتها',
      greeting: 'مرحبًا {{name}}،',
      created: 'يطلب {{auditor}} أدلة، في موعد أقصاه {{dueDate}}:',
      accepted: 'قبل {{auditor}} الأدلة المقدّمة لهذا الطلب:',
      flagged: 'أبدى {{auditor}} ملاحظات على الأدلة المقدّمة لهذا الطلب:',
      rule: 'القاعدة: {{rule}}',
      comment: 'التعليق: {{comment}}',
      open: 'أجب عنه في خزنة الأدلة: {{url}}',
      see: 'اطّلع على الطلب في خزنة الأدلة: {{url}}',
      signature: '— Muster',
    },
  },
  compose: (t, fill, p) => {
    const subject = p.event === 'created' ? t.subjectCreated : p.event === 'accepted' ? t.subjectAccepted : t.subjectFlagged;
    const intro =
      p.event === 'created'
        ? fill(t.created, { auditor: p.auditor, dueDate: p.dueDate })
        : fill(p.event === 'accepted' ? t.accepted : t.flagged, { auditor: p.auditor });
    return {
      subject: fill(subject, { auditor: p.auditor }),
      lines: [
        fill(t.greeting, { name: p.name }),
        '',
        intro,
        p.text,
        ...(p.rule ? [fill(t.rule, { rule: p.rule })] : []),
        ...(p.event === 'flagged' && p.comment ? ['', fill(t.comment, { comment: p.comment })] : []),
        '',
        fill(p.event === 'created' ? t.open : t.see, { url: p.url }),
        '',
        t.signature,
      ],
    };
  },
});

/** The organisation answered a guest auditor's evidence request, to the auditor. */
export const evidenceRequestAnsweredMail = defineMail<{
  auditorName: string;
  organizationName: string;
  text: string;
  count: number;
  note: string;
  url: string;
}>()({
  texts: {
    en: {
      subject: '{{organizationName}} answered your evidence request',
      greeting: 'Hello {{auditorName}},',
      answered: '{{organizationName}} submitted {{count}} evidence record(s) for your request:',
      note: 'Their note: {{note}}',
      open: 'Review it in the Auditor Portal, then accept it or flag it: {{url}}',
      signature: '— Muster',
    },
    es: {
      subject: '{{organizationName}} respondió a su solicitud de evidencias',
      greeting: 'Hola, {{auditorName}}:',
      answered: '{{organizationName}} envió {{count}} registro(s) de evidencias para su solicitud:',
      note: 'Su nota: {{note}}',
      open: 'Revíselo en el Portal de auditores y acéptelo o márquelo con observaciones: {{url}}',
      signature: '— Muster',
    },
    zh: {
      subject: '{{organizationName}} 已答复您的证据请求',
      greeting: '{{auditorName}}，您好：',
      answered: '{{organizationName}} 已为您的请求提交 {{count}} 条证据记录：',
      note: '对方备注：{{note}}',
      open: '请在审计员门户中审阅，然后接受或提出问题：{{url}}',
      signature: '— Muster',
    },
    ar: {
      subject: 'ردّت {{organizationName}} على طلب الأدلة الخاص بك',
      greeting: 'مرحبًا {{auditorName}}،',
      answered: 'قدّمت {{organizationName}} عدد {{count}} من سجلات الأدلة لطلبك:',
      note: 'ملاحظتهم: {{note}}',
      open: 'راجعها في بوابة المدققين، ثم اقبلها أو أبدِ ملاحظاتك عليها: {{url}}',
      signature: '— Muster',
    },
  },
  compose: (t, fill, p) => ({
    subject: fill(t.subject, { organizationName: p.organizationName }),
    lines: [
      fill(t.greeting, { auditorName: p.auditorName }),
      '',
      fill(t.answered, { organizationName: p.organizationName, count: p.count }),
      p.text,
      ...(p.note ? ['', fill(t.note, { note: p.note })] : []),
      '',
      fill(t.open, { url: p.url }),
      '',
      t.signature,
    ],
  }),
});
