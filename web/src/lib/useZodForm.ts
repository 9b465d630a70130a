import { useCallback, useRef, useState, type ChangeEvent, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { issueMessage, reasonText, serverIssues } from './error-text';

/** What the hook needs of a zod schema (any `z.ZodType` fits): `safeParse` and its issues. */
export interface SafeParseSchema<Out> {
  safeParse(data: unknown): { success: true; data: Out } | { success: false; error: { issues: readonly SchemaIssue[] } };
}
export interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
}

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The first message of each top-level field; issues of other paths are ignored. */
export function issuesToFieldErrors<F extends string>(issues: readonly SchemaIssue[], fields: readonly F[]): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const head = issue.path[0];
    if (typeof head !== 'string' || !(fields as readonly string[]).includes(head)) continue;
    errors[head as F] ??= issueMessage(issue);
  }
  return errors;
}

export interface ZodForm<F extends string, Out> {
  values: Record<F, string>;
  /** Translated message per field, shown once the form was submitted. */
  errors: FieldErrors<F>;
  setValue(name: F, value: string): void;
  /** Props for a controlled input: name, value, onChange. */
  field(name: F): { name: F; value: string; onChange: (e: ChangeEvent<HTMLInputElement>) => void };
  /** A form's onSubmit: validates with the schema, then calls `onValid` with the parsed data. */
  handleSubmit(onValid: (data: Out) => unknown): (e?: SyntheticEvent) => void;
  /** Shows the `fields` of a 400 answer under their inputs; true when there were any. */
  setServerErrors(error: unknown): boolean;
  reset(values?: Partial<Record<F, string>>): void;
}

/**
 * A controlled form validated by a contracts zod schema with `safeParse`. Messages appear after
 * the first submit and follow every change from then on; they are translated through the
 * `common` namespace's `validation` section.
 */
export function useZodForm<F extends string, Out>(schema: SafeParseSchema<Out>, initial: Record<F, string>): ZodForm<F, Out> {
  const { t } = useTranslation('common');
  const fields = useRef(Object.keys(initial) as F[]).current;
  const initialRef = useRef(initial);
  const [values, setValues] = useState(initial);
  const [rawErrors, setRawErrors] = useState<FieldErrors<F>>({});
  const submitted = useRef(false);
  const latest = useRef(values);
  latest.current = values;

  const validate = useCallback(
    (v: Record<F, string>) => {
      const result = schema.safeParse(v);
      return result.success
        ? { ok: true as const, data: result.data, errors: {} }
        : { ok: false as const, errors: issuesToFieldErrors(result.error.issues, fields) };
    },
    [schema, fields],
  );

  const setValue = useCallback(
    (name: F, value: string) => {
      const next = { ...latest.current, [name]: value };
      latest.current = next;
      setValues(next);
      if (submitted.current) setRawErrors(validate(next).errors);
    },
    [validate],
  );

  const field = (name: F) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => setValue(name, e.currentTarget.value),
  });

  const handleSubmit = useCallback(
    (onValid: (data: Out) => unknown) => (e?: SyntheticEvent) => {
      e?.preventDefault();
      submitted.current = true;
      const result = validate(latest.current);
      setRawErrors(result.errors);
      if (result.ok) void onValid(result.data);
    },
    [validate],
  );

  const setServerErrors = useCallback(
    (error: unknown) => {
      const issues = serverIssues(error);
      if (issues.length === 0) return false;
      const errors = issuesToFieldErrors(
        issues.map((issue) => ({ path: [issue.path[0]!], message: issue.message })),
        fields,
      );
      setRawErrors(errors);
      return Object.keys(errors).length > 0;
    },
    [fields],
  );

  const reset = useCallback((next?: Partial<Record<F, string>>) => {
    const v = { ...initialRef.current, ...next };
    latest.current = v;
    submitted.current = false;
    setValues(v);
    setRawErrors({});
  }, []);

  const errors: FieldErrors<F> = {};
  for (const name of fields) {
    const message = rawErrors[name];
    if (message) errors[name] = reasonText(t, message);
  }

  return { values, errors, setValue, field, handleSubmit, setServerErrors, reset };
}
