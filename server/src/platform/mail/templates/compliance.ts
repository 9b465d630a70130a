import { defineMail } from './template.js';

/**
 * A rule of a compliance profile is due soon or failing, to the organisation's ADMINs and MANAGERs.
 * The rule is named by its citation (`ISPS Code B/18.5`), the same in every language; `dueDate` is
 * the organisation's local day by which a satisfying drill is due (null: nothing ever counted).
 */
export const complianceRuleMail = defineMail<{
  name: string;
  profile: string;
  source: string;
  state: 'due_soon' | 'failing';
  dueDate: string | null;
  url: string;
}>()({
  texts: {
    en: {
      subjectFailing: 'Failing: {{source}} ({{profile}})',
      subjectDueSoon: 'Due soon: {{source}} ({{profile}})',
      greeting: 'Hello {{name}},',
      failing: '{{source}} in the compliance profile "{{profile}}" is failing since {{dueDate}}.',
      failingNever: '{{source}} in the compliance profile "{{profile}}" is failing: nothing that satisfies it has been recorded.',
      dueSoon: '{{source}} in the compliance profile "{{profile}}" is due by {{dueDate}}.',
      open: 'See why and what satisfies it: {{url}}',
      signature: '— Muster',
    },
    es: {
      subjectFailing: 'Incumplida: {{source}} ({{profile}})',
      subjectDueSoon: 'Vence pronto: {{source}} ({{profile}})',
      greeting: 'Hola, {{name}}:',
      failing: '{{source}} en el perfil de cumplimiento «{{profile}}» está incumplida desde el {{dueDate}}.',
      failingNever: '{{source}} en el perfil de cumplimiento «{{profile}}» está incumplida: no se ha registrado nada que la cumpla.',
      dueSoon: '{{source}} en el perfil de cumplimiento «{{profile}}» vence el {{dueDate}}.',
      open: 'Vea por qué y qué la cumple: {{url}}',
      signature: '— Muster',
    },
    zh: {
      subjectFailing: '不合规：{{source}}（{{profile}}）',
      subjectDueSoon: '即将到期：{{source}}（{{profile}}）',
      greeting: '{{name}}，您好：',
      failing: '合规档案“{{profile}}”中的 {{source}} 自 {{dueDate}} 起不合规。',
      failingNever: '合规档案“{{profile}}”中的 {{source}} 不合规：尚无满足该规则的记录。',
      dueSoon: '合规档案“{{profile}}”中的 {{source}} 须在 {{dueDate}} 前满足。',
      open: '查看原因及满足条件的记录：{{url}}',
      signature: '— Muster',
    },
    ar: {
      subjectFailing: 'غير مستوفاة: {{source}} ({{profile}})',
      subjectDueSoon: 'تستحق قريبًا: {{source}} ({{profile}})',
      greeting: 'مرحبًا {{name}}،',
      failing: 'القاعدة {{source}} في ملف الامتثال "{{profile}}" غير مستوفاة منذ {{dueDate}}.',
      failingNever: 'القاعدة {{source}} في ملف الامتثال "{{profile}}" غير مستوفاة: لم يُسجَّل ما يستوفيها.',
      dueSoon: 'القاعدة {{source}} في ملف الامتثال "{{profile}}" تستحق في موعد أقصاه {{dueDate}}.',
      open: 'اطّلع على السبب وما يستوفيها: {{url}}',
      signature: '— Muster',
    },
  },
  compose: (t, fill, p) => {
    const status =
      p.state === 'due_soon'
        ? fill(t.dueSoon, { source: p.source, profile: p.profile, dueDate: p.dueDate ?? '' })
        : p.dueDate === null
          ? fill(t.failingNever, { source: p.source, profile: p.profile })
          : fill(t.failing, { source: p.source, profile: p.profile, dueDate: p.dueDate });
    return {
      subject: fill(p.state === 'failing' ? t.subjectFailing : t.subjectDueSoon, { source: p.source, profile: p.profile }),
      lines: [fill(t.greeting, { name: p.name }), '', status, '', fill(t.open, { url: p.url }), '', t.signature],
    };
  },
});

/** A compliance document's review or expiry date is near (or past), to its owner and the managers. */
export const complianceDocumentReviewMail = defineMail<{
  name: string;
  title: string;
  kind: 'review' | 'expiry';
  date: string;
  overdue: boolean;
  url: string;
}>()({
  texts: {
    en: {
      subjectReview: 'Review due: {{title}}',
      subjectExpiry: 'Expiring: {{title}}',
      greeting: 'Hello {{name}},',
      review: 'The document "{{title}}" is due for review on {{date}}.',
      reviewOverdue: 'The review of the document "{{title}}" was due on {{date}}.',
      expiry: 'The document "{{title}}" expires on {{date}}.',
      expiryOverdue: 'The document "{{title}}" expired on {{date}}.',
      open: 'Upload a new version: {{url}}',
      signature: '— Muster',
    },
    es: {
      subjectReview: 'Revisión pendiente: {{title}}',
      subjectExpiry: 'Caduca: {{title}}',
      greeting: 'Hola, {{name}}:',
      review: 'El documento «{{title}}» debe revisarse el {{date}}.',
      reviewOverdue: 'La revisión del documento «{{title}}» vencía el {{date}}.',
      expiry: 'El documento «{{title}}» caduca el {{date}}.',
      expiryOverdue: 'El documento «{{title}}» caducó el {{date}}.',
      open: 'Suba una nueva versión: {{url}}',
      signature: '— Muster',
    },
    zh: {
      subjectReview: '待审查：{{title}}',
      subjectExpiry: '即将到期：{{title}}',
      greeting: '{{name}}，您好：',
      review: '文档“{{title}}”须在 {{date}} 审查。',
      reviewOverdue: '文档“{{title}}”的审查已于 {{date}} 到期。',
      expiry: '文档“{{title}}”将于 {{date}} 到期。',
      expiryOverdue: '文档“{{title}}”已于 {{date}} 到期。',
      open: '上传新版本：{{url}}',
      signature: '— Muster',
    },
    ar: {
      subjectReview: 'مراجعة مستحقة: {{title}}',
      subjectExpiry: 'ينتهي قريبًا: {{title}}',
      greeting: 'مرحبًا {{name}}،',
      review: 'تستحق مراجعة المستند "{{title}}" في {{date}}.',
      reviewOverdue: 'كانت مراجعة المستند "{{title}}" مستحقة في {{date}}.',
      expiry: 'تنتهي صلاحية المستند "{{title}}" في {{date}}.',
      expiryOverdue: 'انتهت صلاحية المستند "{{title}}" في {{date}}.',
      open: 'ارفع إصدارًا جديدًا: {{url}}',
      signature: '— Muster',
    },
  },
  compose: (t, fill, p) => {
    const body =
      p.kind === 'review'
        ? fill(p.overdue ? t.reviewOverdue : t.review, { title: p.title, date: p.date })
        : fill(p.overdue ? t.expiryOverdue : t.expiry, { title: p.title, date: p.date });
    return {
      subject: fill(p.kind === 'review' ? t.subjectReview : t.subjectExpiry, { title: p.title }),
      lines: [fill(t.greeting, { name: p.name }), '', body, '', fill(t.open, { url: p.url }), '', t.signature],
    };
  },
});
