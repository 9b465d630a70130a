import { COOKIES, DEFAULT_LANGUAGE, LANGUAGE_CODES, languageDirection, languageOf, STORAGE_KEYS } from '@muster/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageDetector, markUnavailable, translationBackend } from './i18n-plugins';

/** Namespaces: one per feature, loaded lazily when a screen first needs it. */
export const NAMESPACES = [
  'common',
  'errors',
  'home',
  'status',
  'auth',
  'pwa',
  'shell',
  'pages',
  'profile',
  'apiDocs',
  'lock',
  'site',
  'about',
  'solutions',
  'pricing',
  'faq',
  'contact',
  'docs',
  'legal',
  'chat',
  'helpdesk',
  'insights',
  'analytics',
  'knowledge',
  'help',
  'assistant',
  'tickets',
  'drills',
  'drillTemplates',
  'drillRuns',
  'drillConsole',
  'drillReminders',
  'drillSummary',
  'drillLibrary',
  'notifications',
  'usage',
  'billing',
  'audit',
  'siem',
  'opsDatabase',
  'simulation',
  'scim',
  'saml',
  'documents',
  'members',
  'security',
  'idVerification',
  'recovery',
  'accountControls',
  'maps',
  'compliance',
  'complianceDocuments',
  'packets',
  'verifyPacket',
  'sops',
  'evidence',
  'auditorPortal',
  'auditorInvites',
  'auditBundles',
  'dashboards',
  'approvals',
  'broadcasts',
  'rootAdmin',
] as const;

/**
 * The namespaces of the signed-in shell itself (top bar, lock, bell, usage banner): requested
 * together, and as soon as an /app page starts, so the shell's parts never fetch them one by one.
 */
export const SHELL_NAMESPACES = ['shell', 'lock', 'notifications', 'usage'] as const;

const INJECTION = /[<>"'`;(){}]|script|javascript:|on\w+=/i;

/** Ignores detected values that look like script injection; maps regional codes to ours. */
export function sanitiseDetectedLanguage(value: string): string {
  if (!value || value.length > 16 || INJECTION.test(value)) return DEFAULT_LANGUAGE;
  return languageOf(value) ?? DEFAULT_LANGUAGE;
}

/** Keeps <html lang dir> in step with the language (right-to-left for Arabic). */
export function applyDocumentLanguage(lng: string): void {
  const code = sanitiseDetectedLanguage(lng);
  document.documentElement.lang = code;
  document.documentElement.dir = languageDirection(code);
}

export function initI18n(): Promise<unknown> {
  i18n.on('languageChanged', applyDocumentLanguage);
  i18n.on('failedLoading', markUnavailable);
  return i18n
    .use(translationBackend)
    .use(
      languageDetector({
        querystring: 'lng',
        cookie: COOKIES.language,
        cookieDays: 365,
        storageKey: STORAGE_KEYS.language,
        convert: sanitiseDetectedLanguage,
      }),
    )
    .use(initReactI18next)
    .init({
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: LANGUAGE_CODES,
      load: 'languageOnly',
      // Why a request was refused can show on any screen: its texts come with the common ones.
      ns: ['common', 'errors'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      // Translation reads (spec §9): retried up to 5 times from 350 ms, doubling; at most 10 in
      // parallel. i18next's backend connector doubles the wait itself (350, 700, 1400, 2800,
      // 5600 ms); the backend asks for a retry on 5xx and network errors, not on 4xx.
      // A namespace that still fails falls back to English (fallbackLng), never to raw keys.
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      react: { useSuspense: true },
    });
}

/** Switches the language, loading its texts if missing; the detector stores the choice. */
export async function changeLanguage(code: string): Promise<void> {
  try {
    await i18n.changeLanguage(sanitiseDetectedLanguage(code));
  } catch (err) {
    console.error('Language change failed', err);
  }
}

export default i18n;
