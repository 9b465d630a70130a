import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, jest } from '@jest/globals';
import { registerSchema, type RegisterRequest } from '@muster/contracts';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { createInstance } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from './api';
import { passIssues, serverFieldErrors, useMusterForm, withReasons } from './forms';

const load = (ns: string) =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../public/locales/es/${ns}.json`, import.meta.url)), 'utf8')) as object;
const [common, errors] = [load('common'), load('errors')];
const i18n = createInstance();
void i18n
  .use(initReactI18next)
  .init({ lng: 'es', resources: { es: { common, errors } }, defaultNS: 'common', initAsync: false, react: { useSuspense: false } });
const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;

const EMPTY = { organizationName: '', email: '', password: '', confirmPassword: '' };

/** A 400 as the server answers an invalid body: `fieldReasons` per field path. */
const refused = (fieldReasons: Record<string, { reason: string; params: Record<string, string | number> }>) =>
  new ApiError(400, JSON.stringify({ code: 'VALIDATION_FAILED', reason: 'validation.invalid', params: {}, fieldReasons }), '');

/** The sign-up form, as small as it can be: each input labelled, its message under it. */
function SignupForm({ onValid }: { onValid: (data: RegisterRequest) => void }) {
  const form = useMusterForm(registerSchema, EMPTY);
  const field = (name: keyof typeof EMPTY) => {
    const message = form.message(name);
    return (
      <div>
        <input aria-label={name} aria-invalid={message ? true : undefined} aria-describedby={`${name}-error`} {...form.register(name)} />
        <span id={`${name}-error`} data-testid={`error-${name}`}>
          {message}
        </span>
      </div>
    );
  };
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(onValid)(e)}>
      {field('organizationName')}
      {field('email')}
      {field('password')}
      {field('confirmPassword')}
      <button type="submit">go</button>
      <button type="button" onClick={() => form.setServerErrors(refused({ email: { reason: 'validation.email', params: {} } }))}>
        server
      </button>
    </form>
  );
}

describe('withReasons', () => {
  it("writes each issue as its reason with the numbers its text shows, on the issue's path", () => {
    const result = withReasons(registerSchema).safeParse({ ...EMPTY, email: 'a@b.co', password: 'short', organizationName: 'H' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(messages.password).toMatch(/^validation\.\w+\?min=\d+$/);
    expect(messages.confirmPassword).toBe('validation.passwordsMismatch');
  });

  it('hands the parsed (transformed) data on', () => {
    const result = withReasons(registerSchema).safeParse({
      organizationName: 'Harbor Two',
      email: '  New@Example.COM ',
      password: 'long-enough-pw',
      confirmPassword: 'long-enough-pw',
    });
    expect(result.success && result.data.email).toBe('new@example.com');
  });
});

describe('passIssues', () => {
  it("puts a request's issues on the form's fields, with the numbers their texts show", () => {
    const schema = z.object({ amount: z.string() }).transform((v, ctx) => {
      const result = z.object({ amountCents: z.number().min(100) }).safeParse({ amountCents: Number(v.amount) * 100 });
      if (result.success) return result.data;
      passIssues(ctx, result.error.issues, { amountCents: 'amount' });
      return z.NEVER;
    });
    const result = withReasons(schema).safeParse({ amount: '0.5' });
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['amount', 'validation.tooSmall?min=100']]);
  });
});

describe('useMusterForm', () => {
  afterEach(cleanup);

  it('shows no message before the first submit, then translated messages per field, and focuses the first invalid field', async () => {
    const onValid = jest.fn();
    render(<SignupForm onValid={onValid} />, { wrapper });
    fireEvent.change(screen.getByLabelText('email'), { target: { value: 'nope' } });
    expect(screen.getByTestId('error-email').textContent).toBe('');
    fireEvent.click(screen.getByText('go'));
    await waitFor(() => expect(screen.getByTestId('error-email').textContent).toBe('Introduzca un correo electrónico válido'));
    expect(screen.getByTestId('error-organizationName').textContent).toBe('Obligatorio');
    expect(screen.getByTestId('error-password').textContent).toBe('Obligatorio');
    expect(screen.getByTestId('error-confirmPassword').textContent).toBe('Obligatorio');
    expect(screen.getByLabelText('email').getAttribute('aria-invalid')).toBe('true');
    expect(onValid).not.toHaveBeenCalled();
    // The first field of the form in error has the focus, whatever had it before.
    expect(document.activeElement).toBe(screen.getByLabelText('organizationName'));

    // With the first field right, the next one in error gets the focus on the next submit.
    fireEvent.change(screen.getByLabelText('organizationName'), { target: { value: 'Harbor Two' } });
    await waitFor(() => expect(screen.getByTestId('error-organizationName').textContent).toBe(''));
    screen.getByText('go').focus();
    fireEvent.click(screen.getByText('go'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('email')));
  });

  it('follows every change once submitted, and hands the parsed data to onValid', async () => {
    const onValid = jest.fn();
    render(<SignupForm onValid={onValid} />, { wrapper });
    fireEvent.click(screen.getByText('go'));
    await waitFor(() => expect(screen.getByTestId('error-email').textContent).not.toBe(''));
    const type = (name: string, value: string) => fireEvent.change(screen.getByLabelText(name), { target: { value } });
    type('organizationName', 'Harbor Two');
    type('email', '  New@Example.COM ');
    type('password', 'long-enough-pw');
    type('confirmPassword', 'different-pw');
    await waitFor(() => expect(screen.getByTestId('error-confirmPassword').textContent).toBe('Las contraseñas no coinciden'));
    for (const name of ['organizationName', 'email', 'password']) expect(screen.getByTestId(`error-${name}`).textContent).toBe('');
    type('confirmPassword', 'long-enough-pw');
    await waitFor(() => expect(screen.getByTestId('error-confirmPassword').textContent).toBe(''));
    fireEvent.click(screen.getByText('go'));
    await waitFor(() =>
      expect(onValid).toHaveBeenCalledWith(
        { organizationName: 'Harbor Two', email: 'new@example.com', password: 'long-enough-pw', confirmPassword: 'long-enough-pw' },
        expect.anything(),
      ),
    );
  });

  it("shows the server's field reasons of a 400 answer in the reader's language (Spanish here), focusing the field", async () => {
    render(<SignupForm onValid={() => undefined} />, { wrapper });
    fireEvent.click(screen.getByText('server'));
    await waitFor(() => expect(screen.getByTestId('error-email').textContent).toBe('Introduzca un correo electrónico válido'));
    expect(screen.getByLabelText('email').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('email'));
  });

  it('says whether a refusal named a field of the form; parameters of a reason are shown translated', () => {
    const { result } = renderHook(() => useMusterForm(registerSchema, EMPTY), { wrapper });
    let shown = false;
    act(() => {
      shown = result.current.setServerErrors(
        refused({
          password: { reason: 'validation.minLength', params: { min: 12 } },
          unknownField: { reason: 'validation.required', params: {} },
        }),
      );
    });
    expect(shown).toBe(true);
    expect(result.current.message('password')).toBe(i18n.t('validation.minLength', { ns: 'errors', min: 12 }));
    expect(result.current.message('password')).toContain('12');
    act(() => {
      shown = result.current.setServerErrors(new ApiError(401, '{"code":"INVALID_CREDENTIALS"}', ''));
    });
    expect(shown).toBe(false);
  });

  it('resets values and messages', async () => {
    const { result } = renderHook(() => useMusterForm(registerSchema, EMPTY), { wrapper });
    await act(() => result.current.handleSubmit(() => undefined)());
    expect(result.current.message('email')).toBe('Obligatorio');
    act(() => result.current.reset({ ...EMPTY, email: 'a@b.co' }));
    expect(result.current.getValues()).toEqual({ ...EMPTY, email: 'a@b.co' });
    expect(result.current.message('email')).toBeUndefined();
  });
});

describe('serverFieldErrors', () => {
  it('keeps the fields a form has: the whole path, else the list it is in', () => {
    const values = { title: '', steps: [{ title: '' }] };
    const error = refused({
      'steps.0.title': { reason: 'validation.required', params: {} },
      'steps.3.title': { reason: 'validation.maxLength', params: { max: 5 } },
      other: { reason: 'validation.required', params: {} },
    });
    expect(serverFieldErrors(values, error)).toEqual([
      ['steps.0.title', 'validation.required'],
      ['steps', 'validation.maxLength?max=5'],
    ]);
  });

  it('never takes a character of a text for a field, and shows request paths where the form says', () => {
    const error = refused({
      'tags.0': { reason: 'validation.maxLength', params: { max: 40 } },
      'rules.1.leadMinutes': { reason: 'validation.required', params: {} },
    });
    const values = { tags: 'drills, console', rules: [{ value: '1' }, { value: '' }] };
    expect(serverFieldErrors(values, error, (path) => path.replace(/\.leadMinutes$/, '.value'))).toEqual([
      ['tags', 'validation.maxLength?max=40'],
      ['rules.1.value', 'validation.required'],
    ]);
  });
});
