import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { jest } from '@jest/globals';
import { registerSchema } from '@muster/contracts';
import { act, renderHook } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { ApiError } from './api';
import { useZodForm } from './useZodForm';

const load = (ns: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../public/locales/es/${ns}.json`, import.meta.url)), 'utf8')) as object;
const [common, errors] = [load('common'), load('errors')];
const i18n = createInstance();
void i18n
  .use(initReactI18next)
  .init({ lng: 'es', resources: { es: { common, errors } }, defaultNS: 'common', initAsync: false, react: { useSuspense: false } });
const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;

const EMPTY = { organizationName: '', email: '', password: '', confirmPassword: '' };
const change = (value: string) => ({ currentTarget: { value } }) as never;

describe('useZodForm', () => {
  it('shows no message before the first submit, then translated messages per field', () => {
    const onValid = jest.fn();
    const { result } = renderHook(() => useZodForm(registerSchema, EMPTY), { wrapper });
    act(() => result.current.field('email').onChange(change('nope')));
    expect(result.current.errors).toEqual({});
    act(() => result.current.handleSubmit(onValid)());
    expect(onValid).not.toHaveBeenCalled();
    expect(result.current.errors).toEqual({
      organizationName: 'Obligatorio',
      email: 'Introduzca un correo electrónico válido',
      password: 'Obligatorio',
      confirmPassword: 'Obligatorio',
    });
  });

  it('follows every change once submitted, and hands the parsed data to onValid', () => {
    const onValid = jest.fn();
    const { result } = renderHook(() => useZodForm(registerSchema, EMPTY), { wrapper });
    act(() => result.current.handleSubmit(onValid)());
    act(() => result.current.setValue('organizationName', 'Harbor Two'));
    expect(result.current.errors.organizationName).toBeUndefined();
    act(() => result.current.setValue('email', '  New@Example.COM '));
    act(() => result.current.setValue('password', 'long-enough-pw'));
    act(() => result.current.setValue('confirmPassword', 'different-pw'));
    expect(result.current.errors).toEqual({ confirmPassword: 'Las contraseñas no coinciden' });
    act(() => result.current.setValue('confirmPassword', 'long-enough-pw'));
    expect(result.current.errors).toEqual({});
    act(() => result.current.handleSubmit(onValid)());
    expect(onValid).toHaveBeenCalledWith({
      organizationName: 'Harbor Two',
      email: 'new@example.com',
      password: 'long-enough-pw',
      confirmPassword: 'long-enough-pw',
    });
  });

  it("shows the server's field messages of a 400 answer", () => {
    const { result } = renderHook(() => useZodForm(registerSchema, EMPTY), { wrapper });
    let shown = false;
    act(() => {
      shown = result.current.setServerErrors(
        new ApiError(
          400,
          JSON.stringify({
            code: 'VALIDATION_FAILED',
            reason: 'validation.required',
            params: {},
            fields: { email: 'Required' },
            fieldReasons: { email: { reason: 'validation.required', params: {} } },
          }),
          '',
        ),
      );
    });
    expect(shown).toBe(true);
    expect(result.current.errors).toEqual({ email: 'Obligatorio' });
    act(() => {
      shown = result.current.setServerErrors(new ApiError(401, '{"code":"INVALID_CREDENTIALS"}', ''));
    });
    expect(shown).toBe(false);
  });

  it('resets values and messages', () => {
    const { result } = renderHook(() => useZodForm(registerSchema, EMPTY), { wrapper });
    act(() => result.current.handleSubmit(() => undefined)());
    act(() => result.current.reset({ email: 'a@b.co' }));
    expect(result.current.values).toEqual({ ...EMPTY, email: 'a@b.co' });
    expect(result.current.errors).toEqual({});
  });
});
