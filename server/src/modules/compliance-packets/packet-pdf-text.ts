import type { LanguageCode } from '@muster/contracts';

/**
 * The fixed texts of the compliance packet PDF in the four languages (what people typed — names,
 * titles, notes — comes in as it was written, isolated). Scenario, type and corrective action
 * status words are the drill summary's (`SUMMARY_PDF_TEXT`).
 */
export interface PacketPdfText {
  kicker: string;
  documentTitle(profile: string): string;
  organisation: string;
  profile: string;
  period: string;
  periodValue(from: string, to: string): string;
  version: string;
  issued: string;
  issuedBy: string;
  signingKey: string;
  manifestHash: string;
  verificationCode: string;
  verifyHow(url: string): string;
  waiverTitle: string;
  waiver: string;
  rulesTitle: string;
  rule: string;
  status: string;
  reason: string;
  ruleStatuses: Record<string, string>;
  noRules: string;
  runsTitle(count: number): string;
  noRuns: string;
  date: string;
  scenario: string;
  location: string;
  lead: string;
  participants(present: number, roster: number): string;
  timeToMuster: string;
  againstTarget(time: string, target: string, met: boolean): string;
  approval: string;
  approvedBy(name: string, date: string): string;
  notApproved: string;
  observations: string;
  strength: string;
  improvement: string;
  actions: string;
  action(title: string, owner: string, due: string, status: string): string;
  noneRecorded: string;
  documentsTitle: string;
  docKind: Record<'sop' | 'document', string>;
  docTitle: string;
  docVersion: string;
  docEffective: string;
  manifestTitle: string;
  manifestIntro: string;
  item: string;
  /** The manifest's kinds of item and its sections. */
  manifestNames: Record<'rule' | 'run' | 'document' | 'cover' | 'rules' | 'runs' | 'documents', string>;
  downloadedBy(name: string, date: string): string;
  issuedCopy(code: string): string;
  page(n: number): string;
}

const en: PacketPdfText = {
  kicker: 'Compliance packet',
  documentTitle: (profile) => `${profile} — compliance packet`,
  organisation: 'Organisation',
  profile: 'Compliance profile',
  period: 'Period',
  periodValue: (from, to) => `${from} to ${to}`,
  version: 'Version',
  issued: 'Issued',
  issuedBy: 'Issued by',
  signingKey: 'Signing key (Ed25519)',
  manifestHash: 'Manifest SHA-256',
  verificationCode: 'Verification code',
  verifyHow: (url) =>
    `Scan the QR code, or open ${url} and type the verification code, to check that this packet is genuine and still current.`,
  waiverTitle: 'Waiver',
  waiver:
    'Muster is a documentation and planning tool and does not guarantee regulatory compliance. This packet records what was entered in Muster; the organisation remains responsible for meeting its obligations.',
  rulesTitle: 'Rule-by-rule status',
  rule: 'Rule',
  status: 'Status',
  reason: 'Why',
  ruleStatuses: { passing: 'Passing', due_soon: 'Due soon', dueSoon: 'Due soon', failing: 'Failing' },
  noRules: 'This profile has no rules.',
  runsTitle: (count) => `Drill runs counted (${String(count)})`,
  noRuns: 'No drill run counted in this period.',
  date: 'Date',
  scenario: 'Scenario',
  location: 'Location',
  lead: 'Lead',
  participants: (present, roster) => `Participants (${String(present)} of ${String(roster)} present)`,
  timeToMuster: 'Time to muster',
  againstTarget: (time, target, met) => `${time} against a target of ${target} — ${met ? 'met' : 'missed'}`,
  approval: 'Approval',
  approvedBy: (name, date) => `Approved by ${name} on ${date}`,
  notApproved: 'Not approved',
  observations: 'Observations',
  strength: 'Strength',
  improvement: 'Area for improvement',
  actions: 'Corrective actions',
  action: (title, owner, due, status) => `${title} — ${owner}, due ${due} (${status})`,
  noneRecorded: 'None recorded',
  documentsTitle: 'SOPs and documents',
  docKind: { sop: 'SOP', document: 'Document' },
  docTitle: 'Title',
  docVersion: 'Version',
  docEffective: 'Effective',
  manifestTitle: 'Manifest',
  manifestIntro: 'SHA-256 of each item and section of this packet, signed with the signing key above.',
  item: 'Item',
  manifestNames: {
    rule: 'Rule',
    run: 'Drill run',
    document: 'Document',
    cover: 'Cover',
    rules: 'Status table',
    runs: 'Drill runs',
    documents: 'SOPs and documents',
  },
  downloadedBy: (name, date) => `Downloaded by ${name} on ${date}`,
  issuedCopy: (code) => `Issued copy · ${code}`,
  page: (n) => `Page ${String(n)}`,
};

const es: PacketPdfText = {
  kicker: 'Paquete de cumplimiento',
  documentTitle: (profile) => `${profile} — paquete de cumplimiento`,
  organisation: 'Organización',
  profile: 'Perfil de cumplimiento',
  period: 'Periodo',
  periodValue: (from, to) => `del ${from} al ${to}`,
  version: 'Versión',
  issued: 'Emitido',
  issuedBy: 'Emitido por',
  signingKey: 'Clave de firma (Ed25519)',
  manifestHash: 'SHA-256 del manifiesto',
  verificationCode: 'Código de verificación',
  verifyHow: (url) =>
    `Escanea el código QR, o abre ${url} y escribe el código de verificación, para comprobar que este paquete es auténtico y sigue vigente.`,
  waiverTitle: 'Descargo de responsabilidad',
  waiver:
    'Muster es una herramienta de documentación y planificación y no garantiza el cumplimiento normativo. Este paquete recoge lo que se registró en Muster; la organización sigue siendo responsable de cumplir sus obligaciones.',
  rulesTitle: 'Estado regla por regla',
  rule: 'Regla',
  status: 'Estado',
  reason: 'Motivo',
  ruleStatuses: { passing: 'Cumple', due_soon: 'Vence pronto', dueSoon: 'Vence pronto', failing: 'No cumple' },
  noRules: 'Este perfil no tiene reglas.',
  runsTitle: (count) => `Simulacros contabilizados (${String(count)})`,
  noRuns: 'Ningún simulacro contabilizado en este periodo.',
  date: 'Fecha',
  scenario: 'Escenario',
  location: 'Lugar',
  lead: 'Responsable',
  participants: (present, roster) => `Participantes (${String(present)} de ${String(roster)} presentes)`,
  timeToMuster: 'Tiempo de reunión',
  againstTarget: (time, target, met) => `${time} frente a un objetivo de ${target} — ${met ? 'cumplido' : 'no cumplido'}`,
  approval: 'Aprobación',
  approvedBy: (name, date) => `Aprobado por ${name} el ${date}`,
  notApproved: 'Sin aprobar',
  observations: 'Observaciones',
  strength: 'Fortaleza',
  improvement: 'Aspecto a mejorar',
  actions: 'Acciones correctivas',
  action: (title, owner, due, status) => `${title} — ${owner}, vence el ${due} (${status})`,
  noneRecorded: 'Nada registrado',
  documentsTitle: 'POE y documentos',
  docKind: { sop: 'POE', document: 'Documento' },
  docTitle: 'Título',
  docVersion: 'Versión',
  docEffective: 'Vigente desde',
  manifestTitle: 'Manifiesto',
  manifestIntro: 'SHA-256 de cada elemento y sección de este paquete, firmado con la clave indicada arriba.',
  item: 'Elemento',
  manifestNames: {
    rule: 'Regla',
    run: 'Simulacro',
    document: 'Documento',
    cover: 'Portada',
    rules: 'Tabla de estado',
    runs: 'Simulacros',
    documents: 'POE y documentos',
  },
  downloadedBy: (name, date) => `Descargado por ${name} el ${date}`,
  issuedCopy: (code) => `Copia emitida · ${code}`,
  page: (n) => `Página ${String(n)}`,
};

const zh: PacketPdfText = {
  kicker: '合规资料包',
  documentTitle: (profile) => `${profile} — 合规资料包`,
  organisation: '组织',
  profile: '合规配置',
  period: '期间',
  periodValue: (from, to) => `${from} 至 ${to}`,
  version: '版本',
  issued: '签发时间',
  issuedBy: '签发人',
  signingKey: '签名密钥（Ed25519）',
  manifestHash: '清单 SHA-256',
  verificationCode: '验证码',
  verifyHow: (url) => `扫描二维码，或打开 ${url} 并输入验证码，即可核实此资料包是否真实且仍然有效。`,
  waiverTitle: '免责声明',
  waiver: 'Muster 是文档和规划工具，不保证符合法规要求。本资料包记录在 Muster 中录入的内容；履行义务的责任仍由组织承担。',
  rulesTitle: '逐条规则状态',
  rule: '规则',
  status: '状态',
  reason: '原因',
  ruleStatuses: { passing: '合格', due_soon: '即将到期', dueSoon: '即将到期', failing: '不合格' },
  noRules: '此配置没有规则。',
  runsTitle: (count) => `计入的演练（${String(count)}）`,
  noRuns: '此期间没有计入的演练。',
  date: '日期',
  scenario: '场景',
  location: '地点',
  lead: '负责人',
  participants: (present, roster) => `参与者（${String(roster)} 人中 ${String(present)} 人到场）`,
  timeToMuster: '集合用时',
  againstTarget: (time, target, met) => `${time}，目标 ${target} — ${met ? '达成' : '未达成'}`,
  approval: '批准',
  approvedBy: (name, date) => `由 ${name} 于 ${date} 批准`,
  notApproved: '未批准',
  observations: '观察记录',
  strength: '优点',
  improvement: '待改进',
  actions: '纠正措施',
  action: (title, owner, due, status) => `${title} — ${owner}，截止 ${due}（${status}）`,
  noneRecorded: '无记录',
  documentsTitle: '标准作业程序和文件',
  docKind: { sop: '标准作业程序', document: '文件' },
  docTitle: '标题',
  docVersion: '版本',
  docEffective: '生效日期',
  manifestTitle: '清单',
  manifestIntro: '本资料包每个条目和章节的 SHA-256，已用上述密钥签名。',
  item: '条目',
  manifestNames: {
    rule: '规则',
    run: '演练',
    document: '文件',
    cover: '封面',
    rules: '状态表',
    runs: '演练',
    documents: '标准作业程序和文件',
  },
  downloadedBy: (name, date) => `由 ${name} 于 ${date} 下载`,
  issuedCopy: (code) => `签发副本 · ${code}`,
  page: (n) => `第 ${String(n)} 页`,
};

const ar: PacketPdfText = {
  kicker: 'حزمة امتثال',
  documentTitle: (profile) => `${profile} — حزمة امتثال`,
  organisation: 'المؤسسة',
  profile: 'ملف الامتثال',
  period: 'الفترة',
  periodValue: (from, to) => `من ${from} إلى ${to}`,
  version: 'الإصدار',
  issued: 'تاريخ الإصدار',
  issuedBy: 'أصدرها',
  signingKey: 'مفتاح التوقيع (Ed25519)',
  manifestHash: 'تجزئة SHA-256 للبيان',
  verificationCode: 'رمز التحقق',
  verifyHow: (url) => `امسح رمز QR، أو افتح ${url} واكتب رمز التحقق، للتأكد من أن هذه الحزمة أصلية وما زالت سارية.`,
  waiverTitle: 'إخلاء المسؤولية',
  waiver:
    'Muster أداة توثيق وتخطيط ولا تضمن الامتثال التنظيمي. تسجّل هذه الحزمة ما أُدخل في Muster، وتبقى المؤسسة مسؤولة عن الوفاء بالتزاماتها.',
  rulesTitle: 'حالة كل قاعدة',
  rule: 'القاعدة',
  status: 'الحالة',
  reason: 'السبب',
  ruleStatuses: { passing: 'مستوفاة', due_soon: 'مستحقة قريبًا', dueSoon: 'مستحقة قريبًا', failing: 'غير مستوفاة' },
  noRules: 'لا قواعد في هذا الملف.',
  runsTitle: (count) => `التدريبات المحتسبة (${String(count)})`,
  noRuns: 'لم يُحتسب أي تدريب في هذه الفترة.',
  date: 'التاريخ',
  scenario: 'السيناريو',
  location: 'المكان',
  lead: 'القائد',
  participants: (present, roster) => `المشاركون (${String(present)} من ${String(roster)} حاضرون)`,
  timeToMuster: 'زمن التجمّع',
  againstTarget: (time, target, met) => `${time} مقابل هدف ${target} — ${met ? 'تحقّق' : 'لم يتحقّق'}`,
  approval: 'الاعتماد',
  approvedBy: (name, date) => `اعتمده ${name} في ${date}`,
  notApproved: 'غير معتمد',
  observations: 'الملاحظات',
  strength: 'نقطة قوة',
  improvement: 'مجال للتحسين',
  actions: 'الإجراءات التصحيحية',
  action: (title, owner, due, status) => `${title} — ${owner}، موعده ${due} (${status})`,
  noneRecorded: 'لا شيء مسجّل',
  documentsTitle: 'الإجراءات التشغيلية والمستندات',
  docKind: { sop: 'إجراء تشغيلي', document: 'مستند' },
  docTitle: 'العنوان',
  docVersion: 'الإصدار',
  docEffective: 'ساري من',
  manifestTitle: 'البيان',
  manifestIntro: 'تجزئة SHA-256 لكل عنصر وقسم في هذه الحزمة، موقّعة بمفتاح التوقيع أعلاه.',
  item: 'العنصر',
  manifestNames: {
    rule: 'قاعدة',
    run: 'تدريب',
    document: 'مستند',
    cover: 'الغلاف',
    rules: 'جدول الحالة',
    runs: 'التدريبات',
    documents: 'الإجراءات والمستندات',
  },
  downloadedBy: (name, date) => `نزّلها ${name} في ${date}`,
  issuedCopy: (code) => `النسخة الصادرة · ${code}`,
  page: (n) => `صفحة ${String(n)}`,
};

export const PACKET_PDF_TEXT: Record<LanguageCode, PacketPdfText> = { en, es, zh, ar };
