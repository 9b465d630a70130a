import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  AUDIT_MESSAGES,
  createSiemDestinationSchema,
  drillInjectSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  rotateSiemSecretSchema,
  SIEM_MESSAGES,
  threatsQuerySchema,
  timelineQuerySchema,
  updateSiemDestinationSchema,
  verifyMagicSchema,
} from '@muster/contracts';
import { createInstance } from 'i18next';
import { issuesToFieldErrors } from './useZodForm';
import { KNOWN_VALIDATION_MESSAGES, translateValidationMessage } from './validation-messages';

function i18nFor(lng: string) {
  const common = JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../public/locales/${lng}/common.json`, import.meta.url)), 'utf8'),
  ) as object;
  const instance = createInstance();
  void instance.init({
    lng,
    resources: { [lng]: { common } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

describe('translateValidationMessage', () => {
  it('gives back the contracts English sentences word for word in English', () => {
    const { t } = i18nFor('en');
    for (const message of KNOWN_VALIDATION_MESSAGES) expect(translateValidationMessage(t, message)).toBe(message);
  });

  it('translates them, numbers included, in the other languages', () => {
    const { t } = i18nFor('es');
    expect(translateValidationMessage(t, 'Required')).toBe('Obligatorio');
    expect(translateValidationMessage(t, 'Password must be at least 10 characters')).toBe(
      'La contraseña debe tener al menos 10 caracteres',
    );
    expect(translateValidationMessage(i18nFor('ar').t, 'Passwords do not match')).toBe('كلمتا المرور غير متطابقتين');
  });

  it('asks for the minute an inject is due, not for a duration', () => {
    const missing = drillInjectSchema.safeParse({ id: 'smoke', title: 'Smoke', message: 'Smoke spreads' });
    const message = missing.error!.issues.find((i) => i.path[0] === 'atMinute')!.message;
    expect(translateValidationMessage(i18nFor('en').t, message)).toBe('Enter the minute it is due');
    expect(translateValidationMessage(i18nFor('es').t, message)).toBe('Indique el minuto en que debe publicarse');
    expect(translateValidationMessage(i18nFor('en').t, 'Enter the expected duration in minutes')).toBe('Enter the duration in minutes');
  });

  it('shows an unknown message as it is', () => {
    expect(translateValidationMessage(i18nFor('zh').t, 'Something new')).toBe('Something new');
  });

  it('knows every message the identity schemas give for empty and bad input', () => {
    const known = new Set<string>(KNOWN_VALIDATION_MESSAGES);
    const results = [
      registerSchema.safeParse({ organizationName: '', email: '', password: '', confirmPassword: '' }),
      registerSchema.safeParse({ organizationName: 'A', email: 'nope', password: 'short', confirmPassword: 'other' }),
      loginSchema.safeParse({ email: 'x@y', password: '' }),
      verifyMagicSchema.safeParse({ email: 'a@b.co', code: '12' }),
      resetPasswordSchema.safeParse({ token: 'x', password: 'a'.repeat(200), confirmPassword: 'b' }),
    ];
    for (const result of results) {
      expect(result.success).toBe(false);
      for (const issue of result.error!.issues) expect(known.has(issue.message) || issue.message).toBe(true);
    }
  });
});

describe('audit and SIEM messages', () => {
  it('translates every message the timeline, threats and SIEM schemas give for bad input', () => {
    const { t } = i18nFor('es');
    const results = [
      timelineQuerySchema.safeParse({ page: 1.5, pageSize: 0, from: 'soon', action: 'A!', outcome: 'maybe', classUid: 1, orgId: 'x' }),
      timelineQuerySchema.safeParse({ page: 0, pageSize: 1000, minSeverityId: 9 }),
      timelineQuerySchema.safeParse({ from: '2026-11-30T00:00:00Z', to: '2026-11-01T00:00:00Z' }),
      threatsQuerySchema.safeParse({ kind: 'ufo' }),
      createSiemDestinationSchema.safeParse({
        name: '',
        url: 'ftp://x',
        format: 'xml',
        classUids: [1, 2, 3, 4, 5],
        minSeverityId: 9,
        authorization: 'é',
      }),
      createSiemDestinationSchema.safeParse({ name: 'x'.repeat(81), url: 'https://a.example', classUids: 'all' }),
      updateSiemDestinationSchema.safeParse({}),
      updateSiemDestinationSchema.safeParse({ enabled: 'yes' }),
      rotateSiemSecretSchema.safeParse({ overlapHours: 1.5 }),
      rotateSiemSecretSchema.safeParse({ overlapHours: 500 }),
    ];
    for (const result of results) {
      expect(result.success).toBe(false);
      for (const issue of result.error!.issues)
        expect(translateValidationMessage(t, issue.message) !== issue.message || issue.message).toBe(true);
    }
  });

  it("translates the server's SIEM address messages and the audit range message", () => {
    const es = i18nFor('es').t;
    const fieldMessages = [
      SIEM_MESSAGES.invalidUrl,
      SIEM_MESSAGES.httpsRequired,
      SIEM_MESSAGES.privateAddress,
      SIEM_MESSAGES.unresolvable,
      SIEM_MESSAGES.credentialsInUrl,
      SIEM_MESSAGES.tooMany,
      AUDIT_MESSAGES.badRange,
    ];
    for (const message of fieldMessages) {
      expect(translateValidationMessage(i18nFor('en').t, message)).toBe(message);
      expect(translateValidationMessage(es, message)).not.toBe(message);
    }
    expect(translateValidationMessage(es, SIEM_MESSAGES.tooMany)).toBe('Una organización puede tener como máximo 10 destinos SIEM');
    expect(translateValidationMessage(i18nFor('ar').t, 'From 0 to 168 hours')).toBe('من 0 إلى 168 ساعة');
  });
});

describe('issuesToFieldErrors', () => {
  it('keeps the first message of each known top-level field', () => {
    const result = registerSchema.safeParse({ organizationName: '', email: 'nope', password: 'short', confirmPassword: 'other' });
    expect(result.success).toBe(false);
    expect(issuesToFieldErrors(result.error!.issues, ['organizationName', 'email', 'password', 'confirmPassword'])).toEqual({
      organizationName: 'Required',
      email: 'Enter a valid email address',
      password: 'Password must be at least 10 characters',
      confirmPassword: 'Passwords do not match',
    });
  });

  it('ignores issues of fields the form does not have', () => {
    expect(
      issuesToFieldErrors(
        [
          { path: ['other'], message: 'x' },
          { path: [], message: 'y' },
        ],
        ['email'],
      ),
    ).toEqual({});
  });
});
