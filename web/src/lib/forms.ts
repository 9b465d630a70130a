import { zodResolver } from '@hookform/resolvers/zod';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { get, useForm, type DefaultValues, type FieldPath, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { fieldMessage, issueMessage, reasonText, refusalOf } from './error-text';

/** A contracts schema a form can take: its input is the form's values. */
export type FormSchema = z.ZodType<unknown, FieldValues>;

/** A value as an input holds it: a choice of texts (an enum) may also be '' until one is chosen. */
type Loose<T> = T extends string ? string : T extends readonly (infer U)[] ? Loose<U>[] : T extends object ? LooseObject<T> : T;
type LooseObject<T> = { [K in keyof T]: Loose<T[K]> };
/** The values of a form on `S`: the schema's input, with '' allowed where the schema wants one of some texts. */
export type FormValues<S extends FormSchema> = LooseObject<z.input<S>>;

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
 * Adds the issues of another schema's check (a request built from the form's values) to the
 * form schema's context, on their paths; a path whose first part `rename` names goes to that
 * field of the form as a whole (`{ amountCents: 'amount' }`: the request's cents are the typed
 * amount; `{ tags: 'tags' }`: a list the form types as one line shows its items' issues on it).
 */
export function passIssues(ctx: z.RefinementCtx, issues: readonly z.core.$ZodIssue[], rename: Record<string, string> = {}): void {
  for (const issue of issues) {
    const head = issue.path[0];
    const path = typeof head === 'string' && Object.hasOwn(rename, head) ? [rename[head]!] : issue.path;
    ctx.addIssue({ ...issue, path });
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
export interface MusterForm<In extends FieldValues, Out> extends UseFormReturn<In, unknown, Out> {
  /** The message under a field in the reader's language (undefined while the field is valid). */
  message(name: FieldPath<In> | typeof WHOLE_FORM): string | undefined;
  /**
   * Shows the `fieldReasons` of a refusal (a 400) under the fields they name, focusing the first;
   * true when one of them is a field of this form (the caller says nothing more then).
   */
  setServerErrors(error: unknown): boolean;
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
export function serverFieldErrors(values: FieldValues, error: unknown): [string, string][] {
  const out = new Map<string, string>();
  for (const [path, field] of Object.entries(refusalOf(error)?.fields ?? {})) {
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
  defaultValues: DefaultValues<FormValues<S>>,
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
    defaultValues,
  });
  const { errors } = form.formState;
  return {
    ...form,
    message: (name) => {
      const error = get<typeof errors, ErrorShape | undefined>(errors, name);
      // A list's own message (react-hook-form keeps it on `root` beside the items' errors).
      return errorMessage(t, error?.message === undefined ? error?.root : error);
    },
    setServerErrors: (error) => {
      const fields = serverFieldErrors(form.getValues(), error);
      if (fields.length === 0) return false;
      form.clearErrors();
      fields.forEach(([name, message], i) =>
        form.setError(name as FieldPath<FormValues<S>>, { type: 'server', message }, { shouldFocus: i === 0 }),
      );
      return true;
    },
  };
}
