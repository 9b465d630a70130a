import type { LanguageCode } from '@muster/contracts';
import { SUMMARY_PDF_TEXT } from '../drills/summary/summary-pdf-text.js';

/**
 * The compliance evaluator's verdicts in words, for the packet PDF in the four languages: each
 * reason key of the evaluator (contracts `RULE_REASON_KEYS`) with its parameters, and the titles
 * of the built-in rules (an organisation's own rules keep their own title).
 */
type Templates = Record<string, string>;

const REASONS: Record<LanguageCode, Templates> = {
  en: {
    never: 'No {{what}} recorded yet; due every {{every}} {{unit}}',
    lastRunOk: 'Last {{what}} {{days}} days ago; due every {{every}} {{unit}}; next by {{due}}',
    lastRunDueSoon: 'Last {{what}} {{days}} days ago; due every {{every}} {{unit}}; due by {{due}}',
    lastRunOverdue: 'Last {{what}} {{days}} days ago; due every {{every}} {{unit}}; overdue since {{due}}',
    calendarYearDueSoon: 'No {{what}} yet in {{year}}; due by {{due}}',
    calendarYearOverdue: 'No {{what}} in {{year}}; overdue since {{due}}',
    crewChangeDueSoon: '{{percent}} % of the crew changed on {{changedOn}} (over {{threshold}} %): a drill is due by {{due}}',
    crewChangeOverdue: '{{percent}} % of the crew changed on {{changedOn}} (over {{threshold}} %): a drill was due by {{due}}',
    scenariosMissing: 'Missing: {{missing}}; due every {{every}} {{unit}}',
    recordsKept: '{{count}} records kept; required {{years}} years, kept {{keptYears}}',
    recordsPendingApproval: '{{pending}} completed runs awaiting approval for {{days}} days',
    recordsOverdueApproval: '{{pending}} completed runs awaiting approval for {{days}} days (more than {{dueSoonDays}})',
    crewNotAllDrilled: 'Only {{attended}} of a crew of {{crewSize}} took part in a {{what}} within {{every}} {{unit}}',
  },
  es: {
    never: 'Aún no hay {{what}} registrado; cada {{every}} {{unit}}',
    lastRunOk: 'Último {{what}} hace {{days}} días; cada {{every}} {{unit}}; el próximo antes del {{due}}',
    lastRunDueSoon: 'Último {{what}} hace {{days}} días; cada {{every}} {{unit}}; vence el {{due}}',
    lastRunOverdue: 'Último {{what}} hace {{days}} días; cada {{every}} {{unit}}; vencido desde el {{due}}',
    calendarYearDueSoon: 'Aún no hay {{what}} en {{year}}; vence el {{due}}',
    calendarYearOverdue: 'Ningún {{what}} en {{year}}; vencido desde el {{due}}',
    crewChangeDueSoon:
      'El {{percent}} % de la tripulación cambió el {{changedOn}} (más del {{threshold}} %): un simulacro vence el {{due}}',
    crewChangeOverdue:
      'El {{percent}} % de la tripulación cambió el {{changedOn}} (más del {{threshold}} %): un simulacro venció el {{due}}',
    scenariosMissing: 'Faltan: {{missing}}; cada {{every}} {{unit}}',
    recordsKept: '{{count}} registros conservados; se exigen {{years}} años, conservados {{keptYears}}',
    recordsPendingApproval: '{{pending}} simulacros completados esperan aprobación desde hace {{days}} días',
    recordsOverdueApproval: '{{pending}} simulacros completados esperan aprobación desde hace {{days}} días (más de {{dueSoonDays}})',
    crewNotAllDrilled: 'Solo {{attended}} de una tripulación de {{crewSize}} participaron en un {{what}} en {{every}} {{unit}}',
  },
  zh: {
    never: '尚无{{what}}记录；每 {{every}} {{unit}}一次',
    lastRunOk: '上次{{what}}在 {{days}} 天前；每 {{every}} {{unit}}一次；下次截止 {{due}}',
    lastRunDueSoon: '上次{{what}}在 {{days}} 天前；每 {{every}} {{unit}}一次；截止 {{due}}',
    lastRunOverdue: '上次{{what}}在 {{days}} 天前；每 {{every}} {{unit}}一次；自 {{due}} 起逾期',
    calendarYearDueSoon: '{{year}} 年尚无{{what}}；截止 {{due}}',
    calendarYearOverdue: '{{year}} 年没有{{what}}；自 {{due}} 起逾期',
    crewChangeDueSoon: '{{changedOn}} 船员变动 {{percent}}%（超过 {{threshold}}%）：须在 {{due}} 前演练',
    crewChangeOverdue: '{{changedOn}} 船员变动 {{percent}}%（超过 {{threshold}}%）：演练已于 {{due}} 到期',
    scenariosMissing: '缺少：{{missing}}；每 {{every}} {{unit}}一次',
    recordsKept: '保存 {{count}} 条记录；要求 {{years}} 年，已保存 {{keptYears}} 年',
    recordsPendingApproval: '{{pending}} 次已完成的演练等待批准 {{days}} 天',
    recordsOverdueApproval: '{{pending}} 次已完成的演练等待批准 {{days}} 天（超过 {{dueSoonDays}} 天）',
    crewNotAllDrilled: '{{every}} {{unit}}内仅有 {{attended}} 名船员（共 {{crewSize}} 名）参加了{{what}}',
  },
  ar: {
    never: 'لا {{what}} مسجّل بعد؛ مطلوب كل {{every}} {{unit}}',
    lastRunOk: 'آخر {{what}} قبل {{days}} يومًا؛ مطلوب كل {{every}} {{unit}}؛ التالي قبل {{due}}',
    lastRunDueSoon: 'آخر {{what}} قبل {{days}} يومًا؛ مطلوب كل {{every}} {{unit}}؛ مستحق في {{due}}',
    lastRunOverdue: 'آخر {{what}} قبل {{days}} يومًا؛ مطلوب كل {{every}} {{unit}}؛ متأخر منذ {{due}}',
    calendarYearDueSoon: 'لا {{what}} بعد في {{year}}؛ مستحق في {{due}}',
    calendarYearOverdue: 'لا {{what}} في {{year}}؛ متأخر منذ {{due}}',
    crewChangeDueSoon: 'تغيّر {{percent}} % من الطاقم في {{changedOn}} (أكثر من {{threshold}} %): تدريب مستحق في {{due}}',
    crewChangeOverdue: 'تغيّر {{percent}} % من الطاقم في {{changedOn}} (أكثر من {{threshold}} %): كان التدريب مستحقًا في {{due}}',
    scenariosMissing: 'ناقص: {{missing}}؛ مطلوب كل {{every}} {{unit}}',
    recordsKept: '{{count}} سجلات محفوظة؛ المطلوب {{years}} سنوات، المحفوظ {{keptYears}}',
    recordsPendingApproval: '{{pending}} تدريبات مكتملة بانتظار الاعتماد منذ {{days}} يومًا',
    recordsOverdueApproval: '{{pending}} تدريبات مكتملة بانتظار الاعتماد منذ {{days}} يومًا (أكثر من {{dueSoonDays}})',
    crewNotAllDrilled: 'شارك {{attended}} فقط من طاقم عدده {{crewSize}} في {{what}} خلال {{every}} {{unit}}',
  },
};

const WHAT: Record<LanguageCode, Record<string, string>> = {
  en: { security_drill: 'security drill', exercise: 'exercise', drill: 'drill' },
  es: { security_drill: 'simulacro de protección', exercise: 'ejercicio', drill: 'simulacro' },
  zh: { security_drill: '保安演练', exercise: '演习', drill: '演练' },
  ar: { security_drill: 'تدريب أمني', exercise: 'تمرين', drill: 'تدريب' },
};

const UNITS: Record<LanguageCode, Record<string, string>> = {
  en: { days: 'days', months: 'months' },
  es: { days: 'días', months: 'meses' },
  zh: { days: '天', months: '个月' },
  ar: { days: 'يومًا', months: 'أشهر' },
};

const TITLES: Record<Exclude<LanguageCode, 'en'>, Record<string, string>> = {
  es: {
    isps_b18_5: 'Simulacro de protección de la instalación portuaria al menos cada 3 meses',
    isps_b18_6: 'Ejercicio de protección cada año civil, con no más de 18 meses entre ellos',
    isps_b13_6: 'Simulacro de protección del buque cada 3 meses, y en una semana si cambió más del 25 % de la tripulación',
    solas_iii_19_3: 'Ejercicios de abandono del buque y de incendio cada mes',
    iso_22301_8_5: 'Programa de ejercicios: cada actividad crítica ejercitada en 3 años',
    cfr33_105_225: 'Registros de simulacros y ejercicios conservados al menos 2 años',
  },
  zh: {
    isps_b18_5: '港口设施保安演练至少每 3 个月一次',
    isps_b18_6: '每个日历年进行保安演习，间隔不超过 18 个月',
    isps_b13_6: '船舶保安演练每 3 个月一次；船员变动超过 25% 时一周内演练',
    solas_iii_19_3: '每月进行弃船和消防演习',
    iso_22301_8_5: '演习计划：3 年内演练每项关键活动',
    cfr33_105_225: '演练和演习记录至少保存 2 年',
  },
  ar: {
    isps_b18_5: 'تدريب أمني للمرفق المينائي كل 3 أشهر على الأقل',
    isps_b18_6: 'تمرين أمني كل سنة تقويمية، بفاصل لا يزيد على 18 شهرًا',
    isps_b13_6: 'تدريب أمني للسفينة كل 3 أشهر، وخلال أسبوع إذا تغيّر أكثر من 25 % من الطاقم',
    solas_iii_19_3: 'تدريبات ترك السفينة والحريق كل شهر',
    iso_22301_8_5: 'برنامج التمارين: تمرين كل نشاط حرج خلال 3 سنوات',
    cfr33_105_225: 'الاحتفاظ بسجلات التدريبات والتمارين سنتين على الأقل',
  },
};

function whatOf(language: LanguageCode, key: string): string {
  const scenarios = SUMMARY_PDF_TEXT[language].scenarios as Record<string, string>;
  const word = WHAT[language][key] ?? scenarios[key] ?? key;
  return language === 'en' || language === 'es' ? word.toLowerCase() : word;
}

/** A rule's title in a language (the organisation's own rules keep theirs). */
export function ruleTitle(language: LanguageCode, ruleId: string, title: string): string {
  return language === 'en' ? title : (TITLES[language][ruleId] ?? title);
}

/** The evaluator's reason in words. An unknown key is written as its key with its parameters. */
export function ruleReasonText(language: LanguageCode, reason: { key: string; params: Record<string, string | number> }): string {
  const template = REASONS[language][reason.key];
  const params = reason.params;
  if (!template) return `${reason.key} ${JSON.stringify(params)}`;
  const value = (name: string): string => {
    const raw = params[name];
    if (raw === undefined) return '—';
    if (name === 'what') return whatOf(language, String(raw));
    if (name === 'unit') {
      // "every 1 months" reads "every 1 month" (English and Spanish; the other languages have one form here).
      const one =
        Number(params.every) === 1 ? ({ en: { months: 'month', days: 'day' }, es: { months: 'mes', days: 'día' } } as const) : null;
      const single = one && (language === 'en' || language === 'es') ? (one[language] as Record<string, string>)[String(raw)] : undefined;
      return single ?? UNITS[language][String(raw)] ?? String(raw);
    }
    if (name === 'missing') {
      return String(raw)
        .split(/,\s*/)
        .map((k) => whatOf(language, k))
        .join(language === 'ar' ? '، ' : language === 'zh' ? '、' : ', ');
    }
    // A calendar day stays left to right inside Arabic (see `day` in packet-pdf.ts).
    return /^\d{4}-\d{2}-\d{2}$/.test(String(raw)) ? `\u2066${String(raw)}\u2069` : String(raw);
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => value(name));
}
