import { PRODUCT_NAME, type LanguageCode, type SopVersion, type SopVersionStatus } from '@muster/contracts';
import { createPdf } from '../../platform/documents/pdf-text.js';
import { formatMoment } from '../../platform/time/zoned.js';

/** Text people typed, isolated inside a sentence (its direction does not drag the punctuation along). */
const isolate = (text: string): string => `\u2068${text}\u2069`;

/** The fixed texts of an SOP's PDF, in the reader's language (what people wrote stays as written). */
interface SopPdfText {
  kicker: string;
  version: string;
  status: string;
  statuses: Record<SopVersionStatus, string>;
  author: string;
  approvedBy: string;
  effectiveFrom: string;
  reviewDue: string;
  reviewEvery: (months: number) => string;
  fingerprint: string;
  printed: string;
  notEffective: string;
}

export const SOP_PDF_TEXT: Record<LanguageCode, SopPdfText> = {
  en: {
    kicker: 'Standard operating procedure',
    version: 'Version',
    status: 'Status',
    statuses: { draft: 'Draft', in_review: 'In review', approved: 'Approved', effective: 'Effective', superseded: 'Superseded' },
    author: 'Author',
    approvedBy: 'Approved by',
    effectiveFrom: 'Effective from',
    reviewDue: 'Review due',
    reviewEvery: (months) => `Reviewed every ${String(months)} months`,
    fingerprint: 'SHA-256 of the content',
    printed: 'Printed',
    notEffective: 'This version is not in force: do not use it as the procedure.',
  },
  es: {
    kicker: 'Procedimiento operativo estándar',
    version: 'Versión',
    status: 'Estado',
    statuses: { draft: 'Borrador', in_review: 'En revisión', approved: 'Aprobada', effective: 'En vigor', superseded: 'Sustituida' },
    author: 'Autor',
    approvedBy: 'Aprobada por',
    effectiveFrom: 'En vigor desde',
    reviewDue: 'Revisión prevista',
    reviewEvery: (months) => `Se revisa cada ${String(months)} meses`,
    fingerprint: 'SHA-256 del contenido',
    printed: 'Impreso',
    notEffective: 'Esta versión no está en vigor: no la use como procedimiento.',
  },
  zh: {
    kicker: '标准作业程序',
    version: '版本',
    status: '状态',
    statuses: { draft: '草稿', in_review: '审核中', approved: '已批准', effective: '生效', superseded: '已取代' },
    author: '作者',
    approvedBy: '批准人',
    effectiveFrom: '生效日期',
    reviewDue: '复审日期',
    reviewEvery: (months) => `每 ${String(months)} 个月复审一次`,
    fingerprint: '内容的 SHA-256',
    printed: '打印时间',
    notEffective: '此版本未生效：请勿将其作为程序使用。',
  },
  ar: {
    kicker: 'إجراء التشغيل القياسي',
    version: 'الإصدار',
    status: 'الحالة',
    statuses: { draft: 'مسودة', in_review: 'قيد المراجعة', approved: 'معتمد', effective: 'ساري', superseded: 'مستبدل' },
    author: 'المؤلف',
    approvedBy: 'اعتمده',
    effectiveFrom: 'ساري من',
    reviewDue: 'موعد المراجعة',
    reviewEvery: (months) => `يراجع كل ${String(months)} شهراً`,
    fingerprint: 'بصمة SHA-256 للمحتوى',
    printed: 'طُبع في',
    notEffective: 'هذا الإصدار غير ساري: لا تستخدمه كإجراء.',
  },
};

/** The file name of a version's PDF: "Fire response v2.pdf". */
export function sopFileName(version: SopVersion): string {
  const safe =
    Array.from(version.content.title, (c) => (c.charCodeAt(0) < 32 || '\\/:*?"<>|'.includes(c) ? ' ' : c))
      .join('')
      .trim() || 'SOP';
  return `${safe} v${String(version.number)}.pdf`;
}

/** One SOP version as a PDF through the documents text layer, its fixed texts in `language`, moments in the organisation's zone. */
export async function sopPdf(version: SopVersion, language: LanguageCode, timeZone: string, now = new Date()): Promise<Buffer> {
  const text = SOP_PDF_TEXT[language];
  const pdf = createPdf({ language, title: `${version.content.title} v${String(version.number)}` });
  const muted = { size: 9, color: '#718096' };
  pdf.paragraph(`${PRODUCT_NAME} · ${text.kicker}`, muted);
  pdf.paragraph(isolate(version.content.title), { size: 20, bold: true });
  pdf.space(3);
  pdf.field(text.version, String(version.number));
  pdf.field(text.status, text.statuses[version.status]);
  pdf.field(text.author, isolate(version.author.name));
  if (version.approvedBy) pdf.field(text.approvedBy, isolate(version.approvedBy.name));
  if (version.effectiveFrom) pdf.field(text.effectiveFrom, version.effectiveFrom);
  if (version.reviewDue) pdf.field(text.reviewDue, version.reviewDue);
  pdf.paragraph(text.reviewEvery(version.content.reviewIntervalMonths), muted);
  if (version.status !== 'effective') {
    pdf.space(4);
    pdf.paragraph(text.notEffective, { bold: true, color: '#c53030' });
  }
  version.content.sections.forEach((section, s) => {
    pdf.heading(`${String(s + 1)}. ${isolate(section.heading)}`);
    section.steps.forEach((step, i) => {
      pdf.paragraph(`${String(s + 1)}.${String(i + 1)}  ${isolate(step.text)}`, { indent: 8 });
      pdf.space(2);
    });
  });
  pdf.space(10);
  pdf.paragraph(`${text.fingerprint}: ${version.sha256}`, muted);
  pdf.paragraph(`${text.printed}: ${formatMoment(now, timeZone, language)}`, muted);
  return pdf.finish();
}
