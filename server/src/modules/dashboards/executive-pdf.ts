import { PRODUCT_NAME, type ExecutiveSummary, type LanguageCode } from '@muster/contracts';
import { createPdf } from '../../platform/documents/pdf-text.js';
import { formatMoment } from '../../platform/time/zoned.js';

/** Text people typed (a name), isolated inside a sentence so its direction stays its own. */
const isolate = (text: string): string => `\u2068${text}\u2069`;

interface ExecutivePdfText {
  kicker: string;
  asOf: string;
  readiness: string;
  cadenceLabel: string;
  actionsLabel: string;
  cadences: (overdue: string, dueSoon: string, total: string) => string;
  runs: string;
  attendance: string;
  muster: string;
  minutes: (value: string) => string;
  actions: (open: string, overdue: string) => string;
  acknowledgements: string;
  compliance: string;
  noProfile: string;
  rules: (passing: string, dueSoon: string, failing: string) => string;
  evidence: string;
  fresh: string;
  stale: string;
  flagged: string;
  requestsOverdue: string;
  security: string;
  failedSignIns: string;
  lockouts: string;
  chain: string;
  chainOk: string;
  chainBroken: string;
  chainNever: string;
  seats: string;
  of: (used: string, limit: string) => string;
  none: string;
}

export const EXECUTIVE_PDF_TEXT: Record<LanguageCode, ExecutivePdfText> = {
  en: {
    kicker: 'Compliance and readiness summary',
    asOf: 'As of',
    readiness: 'Drill readiness',
    cadenceLabel: 'Drill cadences',
    actionsLabel: 'Corrective actions',
    cadences: (o, d, t) => `${o} overdue, ${d} due soon, of ${t}`,
    runs: 'Drills completed (six months)',
    attendance: 'Attendance',
    muster: 'Median time to muster',
    minutes: (v) => `${v} min`,
    actions: (o, d) => `${o} open, ${d} overdue`,
    acknowledgements: 'SOP acknowledgements missing',
    compliance: 'Compliance by profile',
    noProfile: 'No compliance profile has been chosen.',
    rules: (p, d, f) => `${p} passing · ${d} due soon · ${f} failing`,
    evidence: 'Evidence',
    fresh: 'Fresh records (90 days)',
    stale: 'Older records',
    flagged: 'Flagged by auditors',
    requestsOverdue: 'Evidence requests overdue',
    security: 'Security',
    failedSignIns: 'Failed sign-ins (7 days)',
    lockouts: 'Lockouts (7 days)',
    chain: 'Audit chain',
    chainOk: 'Intact',
    chainBroken: 'Broken',
    chainNever: 'Not verified yet',
    seats: 'Seats',
    of: (u, l) => `${u} of ${l}`,
    none: '—',
  },
  es: {
    kicker: 'Resumen de cumplimiento y preparación',
    asOf: 'A fecha de',
    readiness: 'Preparación ante simulacros',
    cadenceLabel: 'Cadencias de simulacros',
    actionsLabel: 'Acciones correctivas',
    cadences: (o, d, t) => `${o} vencidas, ${d} por vencer, de ${t}`,
    runs: 'Simulacros completados (seis meses)',
    attendance: 'Asistencia',
    muster: 'Tiempo medio de reunión',
    minutes: (v) => `${v} min`,
    actions: (o, d) => `${o} abiertas, ${d} vencidas`,
    acknowledgements: 'Confirmaciones de SOP pendientes',
    compliance: 'Cumplimiento por perfil',
    noProfile: 'No se ha elegido ningún perfil de cumplimiento.',
    rules: (p, d, f) => `${p} cumplidas · ${d} por vencer · ${f} incumplidas`,
    evidence: 'Evidencias',
    fresh: 'Registros vigentes (90 días)',
    stale: 'Registros antiguos',
    flagged: 'Señalados por auditores',
    requestsOverdue: 'Solicitudes de evidencia vencidas',
    security: 'Seguridad',
    failedSignIns: 'Inicios de sesión fallidos (7 días)',
    lockouts: 'Bloqueos (7 días)',
    chain: 'Cadena de auditoría',
    chainOk: 'Íntegra',
    chainBroken: 'Rota',
    chainNever: 'Aún sin verificar',
    seats: 'Plazas',
    of: (u, l) => `${u} de ${l}`,
    none: '—',
  },
  zh: {
    kicker: '合规与准备情况摘要',
    asOf: '截至',
    readiness: '演练准备情况',
    cadenceLabel: '演练频次',
    actionsLabel: '纠正措施',
    cadences: (o, d, t) => `共 ${t} 项：逾期 ${o}，即将到期 ${d}`,
    runs: '已完成演练（六个月）',
    attendance: '出勤率',
    muster: '集合用时中位数',
    minutes: (v) => `${v} 分钟`,
    actions: (o, d) => `未完成 ${o}，逾期 ${d}`,
    acknowledgements: '缺少的 SOP 确认',
    compliance: '各配置的合规状态',
    noProfile: '尚未选择合规配置。',
    rules: (p, d, f) => `通过 ${p} · 即将到期 ${d} · 未通过 ${f}`,
    evidence: '证据',
    fresh: '有效记录（90 天）',
    stale: '较旧记录',
    flagged: '审计员标记',
    requestsOverdue: '逾期的证据请求',
    security: '安全',
    failedSignIns: '登录失败（7 天）',
    lockouts: '账户锁定（7 天）',
    chain: '审计链',
    chainOk: '完整',
    chainBroken: '已损坏',
    chainNever: '尚未验证',
    seats: '席位',
    of: (u, l) => `${u} / ${l}`,
    none: '—',
  },
  ar: {
    kicker: 'ملخص الامتثال والجاهزية',
    asOf: 'حتى تاريخ',
    readiness: 'الجاهزية للتمارين',
    cadenceLabel: 'وتائر التمارين',
    actionsLabel: 'الإجراءات التصحيحية',
    cadences: (o, d, t) => `${o} متأخرة، ${d} مستحقة قريبًا، من أصل ${t}`,
    runs: 'التمارين المكتملة (ستة أشهر)',
    attendance: 'الحضور',
    muster: 'وسيط زمن التجمع',
    minutes: (v) => `${v} دقيقة`,
    actions: (o, d) => `${o} مفتوحة، ${d} متأخرة`,
    acknowledgements: 'إقرارات إجراءات التشغيل الناقصة',
    compliance: 'الامتثال حسب الملف',
    noProfile: 'لم يُختر أي ملف امتثال.',
    rules: (p, d, f) => `${p} مستوفاة · ${d} مستحقة قريبًا · ${f} مخالفة`,
    evidence: 'الأدلة',
    fresh: 'سجلات حديثة (90 يومًا)',
    stale: 'سجلات أقدم',
    flagged: 'علّمها المدققون',
    requestsOverdue: 'طلبات أدلة متأخرة',
    security: 'الأمان',
    failedSignIns: 'محاولات دخول فاشلة (7 أيام)',
    lockouts: 'حالات القفل (7 أيام)',
    chain: 'سلسلة التدقيق',
    chainOk: 'سليمة',
    chainBroken: 'مكسورة',
    chainNever: 'لم يُتحقق منها بعد',
    seats: 'المقاعد',
    of: (u, l) => `${u} من ${l}`,
    none: '—',
  },
};

/** The file name of the summary: "Muster executive summary 2026-11-28.pdf". */
export function executiveFileName(summary: ExecutiveSummary): string {
  return `${PRODUCT_NAME} executive summary ${summary.asOf.slice(0, 10)}.pdf`;
}

/** The leadership's one page as a PDF, its texts in `language`, its moments in the organisation's zone. */
export async function executivePdf(summary: ExecutiveSummary, language: LanguageCode): Promise<Buffer> {
  const text = EXECUTIVE_PDF_TEXT[language];
  const n = (value: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(value);
  const pdf = createPdf({ language, title: `${summary.organization} · ${text.kicker}` });
  const muted = { size: 9, color: '#718096' };
  const r = summary.readiness;
  pdf.paragraph(`${PRODUCT_NAME} · ${text.kicker}`, muted);
  pdf.paragraph(isolate(summary.organization), { size: 20, bold: true });
  pdf.paragraph(`${text.asOf}: ${formatMoment(new Date(summary.asOf), summary.timeZone, language)}`, muted);

  pdf.heading(text.readiness);
  pdf.field(text.cadenceLabel, text.cadences(n(r.cadencesOverdue), n(r.cadencesDueSoon), n(r.cadences)));
  pdf.field(text.runs, n(r.runs));
  pdf.field(text.attendance, r.attendancePercent === null ? text.none : `${n(r.attendancePercent)} %`);
  pdf.field(text.muster, r.musterMedianMinutes === null ? text.none : text.minutes(n(r.musterMedianMinutes)));
  pdf.field(text.actionsLabel, text.actions(n(r.actionsOpen), n(r.actionsOverdue)));
  pdf.field(text.acknowledgements, n(r.acknowledgementsMissing));

  pdf.heading(text.compliance);
  if (summary.compliance.length === 0) pdf.paragraph(text.noProfile);
  for (const profile of summary.compliance) {
    pdf.field(isolate(profile.name), text.rules(n(profile.passing), n(profile.dueSoon), n(profile.failing)));
  }

  pdf.heading(text.evidence);
  pdf.field(text.fresh, n(summary.evidence.fresh));
  pdf.field(text.stale, n(summary.evidence.stale));
  pdf.field(text.flagged, n(summary.evidence.flagged));
  pdf.field(text.requestsOverdue, n(summary.evidence.requestsOverdue));

  pdf.heading(text.security);
  pdf.field(text.failedSignIns, n(summary.security.failedSignIns));
  pdf.field(text.lockouts, n(summary.security.lockouts));
  pdf.field(text.chain, summary.security.chainOk === null ? text.chainNever : summary.security.chainOk ? text.chainOk : text.chainBroken);
  pdf.field(text.seats, text.of(n(summary.seats.used), n(summary.seats.limit)));
  return pdf.finish();
}
