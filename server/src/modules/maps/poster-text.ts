import type { LanguageCode, MapSymbolType } from '@muster/contracts';

/**
 * The fixed texts of the emergency map posters in the four languages. The symbol names are the
 * web's (web/public/locales/<lng>/maps.json `symbols`; poster-text.spec.ts keeps them equal).
 */
export interface PosterText {
  symbols: Record<MapSymbolType, string>;
  legend: string;
  youAreHere: string;
  /** The poster's subtitle: where it hangs. */
  postedAt(location: string): string;
  validUntil(date: string): string;
  reviewedBy(name: string): string;
  version(n: number): string;
  /** When the map has no posting location: one poster without a marker. */
  noLocation: string;
}

/** Text people typed, isolated so its direction does not reorder the sentence around it. */
const iso = (s: string) => `\u2068${s}\u2069`;

export const POSTER_TEXT: Record<LanguageCode, PosterText> = {
  en: {
    symbols: {
      'emergency-exit': 'Emergency exit',
      'escape-route': 'Escape route',
      'assembly-point': 'Assembly point',
      'first-aid': 'First aid',
      'fire-extinguisher': 'Fire extinguisher',
      'fire-alarm': 'Fire alarm call point',
      'you-are-here': 'You are here',
    },
    legend: 'Legend',
    youAreHere: 'You are here',
    postedAt: (l) => `Posted at: ${iso(l)}`,
    validUntil: (d) => `Valid until ${d}`,
    reviewedBy: (n) => `Reviewed by ${iso(n)}`,
    version: (n) => `Version ${n}`,
    noLocation: 'General plan',
  },
  es: {
    symbols: {
      'emergency-exit': 'Salida de emergencia',
      'escape-route': 'Ruta de evacuación',
      'assembly-point': 'Punto de reunión',
      'first-aid': 'Primeros auxilios',
      'fire-extinguisher': 'Extintor',
      'fire-alarm': 'Pulsador de alarma de incendio',
      'you-are-here': 'Usted está aquí',
    },
    legend: 'Leyenda',
    youAreHere: 'Usted está aquí',
    postedAt: (l) => `Ubicación del cartel: ${iso(l)}`,
    validUntil: (d) => `Válido hasta ${d}`,
    reviewedBy: (n) => `Revisado por ${iso(n)}`,
    version: (n) => `Versión ${n}`,
    noLocation: 'Plano general',
  },
  zh: {
    symbols: {
      'emergency-exit': '紧急出口',
      'escape-route': '疏散路线',
      'assembly-point': '集合点',
      'first-aid': '急救',
      'fire-extinguisher': '灭火器',
      'fire-alarm': '火灾报警按钮',
      'you-are-here': '您在这里',
    },
    legend: '图例',
    youAreHere: '您在这里',
    postedAt: (l) => `张贴位置：${iso(l)}`,
    validUntil: (d) => `有效期至 ${d}`,
    reviewedBy: (n) => `审核人：${iso(n)}`,
    version: (n) => `版本 ${n}`,
    noLocation: '总平面图',
  },
  ar: {
    symbols: {
      'emergency-exit': 'مخرج طوارئ',
      'escape-route': 'مسار الإخلاء',
      'assembly-point': 'نقطة التجمع',
      'first-aid': 'الإسعافات الأولية',
      'fire-extinguisher': 'طفاية حريق',
      'fire-alarm': 'نقطة نداء إنذار الحريق',
      'you-are-here': 'أنت هنا',
    },
    legend: 'مفتاح الرموز',
    youAreHere: 'أنت هنا',
    postedAt: (l) => `مكان اللوحة: ${iso(l)}`,
    validUntil: (d) => `صالحة حتى ${d}`,
    reviewedBy: (n) => `راجعها ${iso(n)}`,
    version: (n) => `الإصدار ${n}`,
    noLocation: 'المخطط العام',
  },
};
