import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ERROR_REASONS, LANGUAGE_CODES, reasonParamNames } from '@muster/contracts';
import { createInstance } from 'i18next';
import { ApiError } from './api';
import { errorText, fieldErrors, issueMessage, messagesInEnglish, reasonText } from './error-text';

const errorsOf = (lng: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../public/locales/${lng}/errors.json`, import.meta.url)), 'utf8')) as Record<
    string,
    Record<string, string>
  >;

function spanish() {
  const i18n = createInstance();
  void i18n.init({ lng: 'es', resources: { es: { errors: errorsOf('es') } }, initAsync: false, interpolation: { escapeValue: false } });
  return i18n.t;
}

const refusal = (body: object) => new ApiError(400, JSON.stringify(body), 'Bad Request');

describe('the errors namespace', () => {
  it('is, in English, exactly the reasons of the contracts', () => {
    expect(errorsOf('en')).toEqual(ERROR_REASONS);
  });

  it.each(LANGUAGE_CODES.filter((l) => l !== 'en'))('gives every reason a text of its own in %s, with the same parameters', (lng) => {
    const texts = errorsOf(lng);
    for (const [module, reasons] of Object.entries(ERROR_REASONS)) {
      for (const [key, english] of Object.entries(reasons as Record<string, string>)) {
        const text = texts[module]?.[key];
        expect({ reason: `${module}.${key}`, missing: !text }).toEqual({ reason: `${module}.${key}`, missing: false });
        expect({ reason: `${module}.${key}`, params: reasonParamNames(text!).sort() }).toEqual({
          reason: `${module}.${key}`,
          params: reasonParamNames(english).sort(),
        });
      }
    }
  });
});

describe('errorText', () => {
  const t = spanish();

  it("says a refusal's reason in the reader's language, whatever the server's English", () => {
    const error = refusal({ code: 'RUN_STATE', reason: 'drillRun.notStarted', params: {}, message: 'reworded on the server' });
    expect(errorText(t, error)).toBe('Inicie el ejercicio primero.');
  });

  it('fills in the parameters of the reason', () => {
    const error = refusal({ code: 'MUSTER_INCOMPLETE', reason: 'drillRun.musterIncomplete', params: { present: 1, total: 3 } });
    expect(errorText(t, error)).toContain('(1 de 3)');
  });

  it("shows a server's invalid fields in the reader's language", () => {
    const error = refusal({
      code: 'VALIDATION_FAILED',
      reason: 'validation.passwordMin',
      params: { min: 10 },
      fieldReasons: {
        password: { reason: 'validation.passwordMin', params: { min: 10 } },
        email: { reason: 'validation.email', params: {} },
      },
    });
    expect(fieldErrors(t, error)).toEqual({
      password: 'La contraseña debe tener al menos 10 caracteres',
      email: 'Introduzca un correo electrónico válido',
    });
  });

  it("shows an answer that is not Muster's in its own words (spec §8)", () => {
    expect(errorText(t, new ApiError(502, '{"error":"Bad gateway upstream"}', 'Bad Gateway'))).toBe('Bad gateway upstream');
  });

  it('falls back on the class of the code, then on "could not be reached"', () => {
    expect(errorText(t, refusal({ code: 'FORBIDDEN' }))).toBe('No tiene permiso para hacer esto');
    expect(errorText(t, new TypeError('Failed to fetch'))).toBe(
      'No se pudo contactar con Muster. Compruebe su conexión e inténtelo de nuevo.',
    );
  });
});

describe('the messages of a form', () => {
  it("keep a zod issue's reason with its numbers, read back in any language", () => {
    const message = issueMessage({
      code: 'too_small',
      origin: 'string',
      minimum: 10,
      message: 'validation.passwordMin',
      path: ['password'],
    });
    expect(message).toBe('validation.passwordMin?min=10');
    expect(reasonText(spanish(), message)).toBe('La contraseña debe tener al menos 10 caracteres');
    expect(messagesInEnglish({ password: message })).toEqual({ password: 'Password must be at least 10 characters' });
  });

  it('show a text that is no reason as it is', () => {
    expect(reasonText(spanish(), 'Something else')).toBe('Something else');
  });
});
