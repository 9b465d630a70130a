import { z } from 'zod';
import { registerSchema } from './auth.js';
import { ERROR_REASONS, fieldReasons, isErrorReason, reason, reasonParamNames, reasonText } from './reasons.js';

const issuesOf = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) throw new Error('expected the value to be refused');
  return result.error.issues;
};

describe('error reasons', () => {
  it('writes a reason in English with its parameters in place', () => {
    expect(reasonText('validation.passwordMin', { min: 10 })).toBe('Password must be at least 10 characters');
    expect(reasonText('drillRun.musterIncomplete', { present: 1, total: 3 })).toBe(
      'Not everyone on the roster has checked in (1 of 3): check the others in before recording the muster',
    );
  });

  it('knows its own names and no others', () => {
    expect(isErrorReason('auth.invalidCredentials')).toBe(true);
    expect(isErrorReason('auth.nope')).toBe(false);
    expect(isErrorReason('Invalid email or password')).toBe(false);
    expect(isErrorReason('toString.constructor')).toBe(false);
    expect(isErrorReason('constructor.name')).toBe(false);
  });

  it('names every placeholder of every text as a simple word', () => {
    for (const [module, texts] of Object.entries(ERROR_REASONS)) {
      for (const [key, text] of Object.entries(texts as Record<string, string>)) {
        expect({ reason: `${module}.${key}`, braces: text.replace(/\{\{\w+\}\}/g, '').match(/[{}]/g) }).toEqual({
          reason: `${module}.${key}`,
          braces: null,
        });
        expect(reasonParamNames(text).every((name) => /^[a-z]+$/i.test(name))).toBe(true);
      }
    }
  });

  it('turns zod issues into reasons with the numbers they carry', () => {
    const fields = fieldReasons(issuesOf(registerSchema, { organizationName: 'A', email: 'nope', password: 'short' }));
    expect(fields).toMatchObject({
      organizationName: { reason: 'validation.minLength', params: { min: 2 } },
      email: { reason: 'validation.email' },
      password: { reason: 'validation.passwordMin', params: { min: 10 } },
      confirmPassword: { reason: 'validation.required' },
    });
  });

  it('gives a reason of its kind to an issue whose schema names none', () => {
    const schema = z.object({ n: z.number().max(5), kind: z.enum(['a', 'b']), list: z.array(z.string()).min(2) });
    expect(fieldReasons(issuesOf(schema, { n: 9, kind: 'c', list: [] }))).toEqual({
      n: { reason: 'validation.tooBig', params: { max: 5 } },
      kind: { reason: 'validation.chooseOneOf', params: { list: 'a, b' } },
      list: { reason: 'validation.tooFewItems', params: { min: 2 } },
    });
    expect(
      fieldReasons(issuesOf(z.object({ s: z.string().refine(() => false, reason('validation.nothingToChange')) }), { s: 'x' })),
    ).toEqual({
      s: { reason: 'validation.nothingToChange', params: {} },
    });
  });
});
