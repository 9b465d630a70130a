import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, type SyntheticEvent } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type KeepStateOptions,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldMessage, issueMessage, reasonText, refusalOf } from './error-text';

/** A contracts schema a form can take: its input is the form's values. */
export type FormSchema = z.ZodType<unknown, FieldValues>;

/** The values of a form on `S`: the schema's input. */
export type FormValues<S extends FormSchema> = z.input<S>;

/** A value as an input may start: a choice of texts (an enum) may also be '' until one is chosen. */
type Loose<T> = T extends string ? string : T extends readonly (infer U)[] ? Loose<U>[] : T extends object ? LooseObject<T> : T;
type LooseObject<T> = { [K in keyof T]: Loose<T[K]> };
/** What a form on `S` may start from (and be reset to): its values, '' where one of some texts is still to be chosen. */
export type StartValues<S extends FormSchema> = DefaultValues<LooseObject<z.input<S>>>;

/** The path an issue of the whole input is kept on (as the server's `fieldReasons` name it). */
export const WHOLE_FORM = '_';

/**
 * The schema with each issue's message written as `fieldMessage` writes it (the reason and its
 * parameters, "validation.minLength?min=2"), which `zodResolver` hands on as the field's message:
 * zod's own messages carry the reason only, not the numbers its text shows.
 */
export function withReasons<S extends FormSchema>(schema: S): z.ZodType<z.output<S>, FormValues<S>> {
  const checked = z.unknown().transform((value, ctx): z.output<S> => {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path.length > 0 ? issue.path : [WHOLE_FORM], message: issueMessage(issue), input: value });
    }
    return z.NEVER;
  });
  // The transform reads any input; the form gives it the schema's own input.
  return checked as unknown as z.ZodType<z.output<S>, FormValues<S>>;
}

/**
 * Where a form shows a message of the request it sends: a function from the request's dotted
 * path (`rules.2.leadMinutes`) to the form's (`rules.2.value`), or a record naming, for a path's
 * first part, the form's field that shows all of its messages (`{ amountCents: 'amount' }`; `{
 * tags: 'tags' }`: a list the form types as one line shows its items' messages on that line).
 */
export type PathMap = Record<string, string> | ((path: string) => string);

function mapPath(path: string, map: PathMap | undefined): string {
  if (map === undefined) return path;
  if (typeof map === 'function') return map(path);
  const head = path.split('.')[0] ?? path;
  return Object.hasOwn(map, head) ? map[head]! : path;
}

/**
 * Adds the issues of another schema's check (a request built from the form's values) to the
 * form schema's context, on the form's paths (`map`).
 */
export function passIssues(ctx: z.RefinementCtx, issues: readonly z.core.$ZodIssue[], map?: PathMap): void {
  for (const issue of issues) {
    const path = mapPath(issue.path.map(String).join('.'), map);
    ctx.addIssue({ ...issue, path: path === '' ? [] : path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) });
  }
}

/** Whether `path` ("steps.2.title") names a value inside `values` (objects and lists only, never a character of a text). */
function hasPath(values: unknown, path: string): boolean {
  let current = values;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part)) return false;
    current = (current as Record<string, unknown>)[part];
  }
  return true;
}

/** What a Muster form adds to react-hook-form's: translated messages and the server's field reasons. */
export interface MusterForm<In extends FieldValues, Out> extends Omit<UseFormReturn<In, unknown, Out>, 'reset'> {
  /** Back to `values` (a form's start values; '' for a choice still to make), messages gone. */
  reset: (values?: DefaultValues<LooseObject<In>>, options?: KeepStateOptions) => void;
  /** The message under a field in the reader's language (undefined while the field is valid). */
  message: (name: FieldPath<In> | typeof WHOLE_FORM) => string | undefined;
  /**
   * Shows the `fieldReasons` of a refusal (a 400) under the fields they name (on the form's
   * paths: `map`), focusing the first; true when one of them is a field of this form (the caller
   * says nothing more then).
   */
  setServerErrors: (error: unknown, map?: PathMap) => boolean;
}

/** What `errors` holds on a path: a field's error, or a list's (its own message on `root`). */
type ErrorShape = { message?: unknown; root?: { message?: unknown } };

/** A field error's message in the reader's language (`errors:<reason>`). */
export function errorMessage(t: TFunction, error: { message?: unknown } | undefined): string | undefined {
  return typeof error?.message === 'string' && error.message ? reasonText(t, error.message) : undefined;
}

/**
 * The fields of a refusal that are fields of a form whose values are `values`, each as the
 * message a form keeps: the whole path when the form has it, else its first part (a field of a
 * list item the form does not show is shown on the list).
 */
export function serverFieldErrors(values: FieldValues, error: unknown, map?: PathMap): [string, string][] {
  const out = new Map<string, string>();
  for (const [requestPath, field] of Object.entries(refusalOf(error)?.fields ?? {})) {
    const path = mapPath(requestPath, map);
    const head = path.split('.')[0] ?? path;
    const name = hasPath(values, path) ? path : hasPath(values, head) ? head : null;
    if (name !== null && !out.has(name)) out.set(name, fieldMessage(field));
  }
  return [...out];
}

/**
 * A form on a contracts zod schema (react-hook-form with `zodResolver`): validated on submit,
 * then again on every change; focus goes to the first invalid field when a submit fails.
 * Messages are reasons translated through the `errors` namespace.
 */
export function useMusterForm<S extends FormSchema>(
  schema: S,
  defaultValues: StartValues<S>,
  options: Omit<UseFormProps<FormValues<S>, unknown, z.output<S>>, 'resolver' | 'defaultValues'> = {},
): MusterForm<FormValues<S>, z.output<S>> {
  const { t } = useTranslation('errors');
  const resolver = useMemo(() => zodResolver(withReasons(schema)), [schema]);
  const form = useForm<FormValues<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
    ...options,
    resolver,
    // '' stands for "not chosen yet" where the schema wants one of some texts: the schema says so.
    defaultValues: defaultValues as unknown as DefaultValues<FormValues<S>>,
  });
  const { reset: resetForm, getValues, clearErrors, setError } = form;
  // Stable, like react-hook-form's own functions (effects may depend on them).
  const reset = useCallback<MusterForm<FormValues<S>, z.output<S>>['reset']>(
    (values, keep) => resetForm(values as unknown as DefaultValues<FormValues<S>> | undefined, keep),
    [resetForm],
  );
  const setServerErrors = useCallback(
    (error: unknown, map?: PathMap) => {
      const fields = serverFieldErrors(getValues(), error, map);
      if (fields.length === 0) return false;
      clearErrors();
      fields.forEach(([name, message], i) =>
        setError(name as FieldPath<FormValues<S>>, { type: 'server', message }, { shouldFocus: i === 0 }),
      );
      return true;
    },
    [getValues, clearErrors, setError],
  );
  const { errors } = form.formState;
  return {
    ...form,
    reset,
    setServerErrors,
    message: (name) => {
      const error = get<typeof errors, ErrorShape | undefined>(errors, name);
      // A list's own message (react-hook-form keeps it on `root` beside the items' errors).
      return errorMessage(t, error?.message === undefined ? error?.root : error);
    },
  };
}

/** A search box's words, trimmed. */
const searchSchema = z.object({ q: z.string() }).transform(({ q }) => ({ q: q.trim() }));

/**
 * The form of a search box whose words live in the address (`value`): typed freely, applied with
 * Enter or its button (`onSearch` gets them trimmed), and set anew whenever the address changes.
 */
export function useSearchForm(value: string, onSearch: (q: string) => void) {
  const form = useMusterForm(searchSchema, { q: value });
  const { reset } = form;
  useEffect(() => reset({ q: value }), [reset, value]);
  return {
    form,
    /** The search input's registration. */
    field: form.register('q'),
    onSubmit: (e?: SyntheticEvent) => void form.handleSubmit(({ q }) => onSearch(q))(e),
  };
}
