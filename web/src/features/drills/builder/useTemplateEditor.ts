import {
  completeTemplateSchema,
  templateContentSchema,
  type DrillTemplate,
  type TemplateContentInput,
  type TemplateStatus,
} from '@muster/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch, type FieldErrors, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { apiErrorBody } from '../../../lib/api';
import { useMusterForm, type MusterForm } from '../../../lib/forms';
import { useSaveTemplate } from '../api';
import { copyOf, emptyCopy, sameContent, toInput, validateCopy, type Issue, type Validation, type WorkingCopy } from './model';
import { forgetStoredCopy, readStoredCopy, storeCopy, type StoredCopy } from './storage';
import { serverIssues as refusedFields } from '../../../lib/error-text';

/**
 * The working copy as a template to publish: the contracts' shape and the rules of a complete
 * template (`validateCopy`), each problem on its field's path; the content once there are none.
 */
export const completeCopySchema = z.custom<WorkingCopy>().transform((copy, ctx): TemplateContentInput => {
  const { all } = validateCopy(copy);
  for (const issue of all) {
    ctx.addIssue({ code: 'custom', path: issue.path.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: issue.message });
  }
  return all.length > 0 ? z.NEVER : toInput(copy);
});

/** The builder's form: the working copy in react-hook-form (lists through `useFieldArray`). */
export type BuilderForm = MusterForm<WorkingCopy, TemplateContentInput>;

/** The messages of a save's refusal the form holds (`type: 'server'`), as issues on their paths. */
function refusedIssues(errors: FieldErrors<WorkingCopy>): Issue[] {
  const out: Issue[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (!node || typeof node !== 'object') return;
    const { type, message } = node as { type?: unknown; message?: unknown };
    if (type !== undefined || typeof message === 'string') {
      if (type === 'server' && typeof message === 'string') out.push({ path: path.join('.'), message });
      return;
    }
    for (const [key, value] of Object.entries(node)) walk(value, [...path, key]);
  };
  walk(errors, []);
  return out;
}

/** How long the builder waits after the last change before it autosaves. */
export const AUTOSAVE_DELAY_MS = 1500;

export type SaveState =
  /** Nothing left to save; `savedAt` is the last save (null: never saved). */
  | { kind: 'clean'; savedAt: string | null }
  /** Changes wait for the autosave delay. */
  | { kind: 'waiting' }
  | { kind: 'saving' }
  /** Changes cannot be saved until `count` problems are fixed (kept in this browser meanwhile). */
  | { kind: 'invalid'; count: number; publishing: boolean }
  /** Someone else saved the template since this copy's version: autosave stops. */
  | { kind: 'conflict' }
  | { kind: 'failed'; error: unknown };

export interface TemplateEditor {
  /** The working copy as the form holds it now. */
  copy: WorkingCopy;
  /** The form the sections edit the copy in (each change is autosaved after the delay when it can be). */
  form: BuilderForm;
  status: TemplateStatus;
  validation: Validation;
  /** Messages of the server's last refusal (`fields` of a 400), until the next change. */
  serverIssues: Issue[];
  saveState: SaveState;
  templateId: string | undefined;
  /** Saves now with status `published` when the copy is complete; false when it was not saved. */
  publish: () => Promise<boolean>;
  /** Back to a draft (saved now, or as soon as the copy can be saved). */
  unpublish: () => Promise<boolean>;
  /** Tries the last failed save again. */
  retry: () => void;
  /** Unsaved changes found in this browser for this template, offered back. */
  offer: StoredCopy | null;
  restoreOffer: () => void;
  discardOffer: () => void;
}

/**
 * The builder's editing session: the working copy, its validation, and autosave (debounced,
 * one save at a time, always naming the version it started from, `VERSION_CONFLICT` stopping
 * it). A draft saves whenever it has the shape of a template; a published template only while
 * complete. Anything not saved is kept in `localStorage` and offered back on the next visit.
 */
export function useTemplateEditor({
  template,
  onCreated,
}: {
  template: DrillTemplate | undefined;
  /** The first save created the template (the page moves to its address). */
  onCreated?: (id: string) => void;
}): TemplateEditor {
  const save = useSaveTemplate();
  const [initial] = useState(() => (template ? copyOf(template) : emptyCopy()));
  // Messages show as the copy changes (`validation`), not after a submit: nothing is checked again on a change.
  const form: BuilderForm = useMusterForm(completeCopySchema, initial, { reValidateMode: 'onSubmit' });
  const copy = useWatch({ control: form.control }) as WorkingCopy;
  const [status, setStatus] = useState<TemplateStatus>(template?.status ?? 'draft');
  const [saveState, setSaveState] = useState<SaveState>({ kind: 'clean', savedAt: template?.updatedAt ?? null });
  const serverIssues = refusedIssues(form.formState.errors);
  const [offer, setOffer] = useState<StoredCopy | null>(() => {
    const stored = readStoredCopy(template?.id);
    return stored && !(sameContent(stored.copy, initial) && stored.status === (template?.status ?? 'draft')) ? stored : null;
  });

  const idRef = useRef(template?.id);
  const versionRef = useRef(template?.version);
  /** Raised by every change; `savedRevision` is the revision the server has. */
  const revision = useRef(0);
  const savedRevision = useRef(0);
  /** Saves run one after another, each naming the version the one before it got. */
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const conflict = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const mounted = useRef(true);
  const latest = useRef({ copy, status });
  latest.current = { copy, status };
  const onCreatedRef = useRef(onCreated);
  onCreatedRef.current = onCreated;
  const mutateAsync = save.mutateAsync;

  const validation = useMemo(() => validateCopy(copy), [copy]);

  const clearTimer = () => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  };

  /** One save of the latest copy with status `target`; false when it was not saved. */
  const attempt = async (target: TemplateStatus): Promise<boolean> => {
    if (conflict.current) return false;
    if (idRef.current !== undefined && revision.current === savedRevision.current && target === latest.current.status) return true;
    const current = latest.current.copy;
    const rev = revision.current;
    const parsed = (target === 'published' ? completeTemplateSchema : templateContentSchema).safeParse(toInput(current));
    if (!parsed.success) {
      const v = validateCopy(current);
      setSaveState({ kind: 'invalid', count: (target === 'published' ? v.all : v.blocking).length, publishing: target === 'published' });
      return false;
    }
    setSaveState({ kind: 'saving' });
    try {
      const saved = await mutateAsync({ id: idRef.current, body: { ...parsed.data, status: target, version: versionRef.current } });
      const created = idRef.current === undefined;
      if (created) forgetStoredCopy(undefined);
      idRef.current = saved.id;
      versionRef.current = saved.version;
      savedRevision.current = rev;
      latest.current = { ...latest.current, status: saved.status };
      if (revision.current === rev) forgetStoredCopy(saved.id);
      else
        storeCopy(saved.id, {
          copy: latest.current.copy,
          version: saved.version,
          status: saved.status,
          changedAt: new Date().toISOString(),
        });
      if (!mounted.current) return true;
      setStatus(saved.status);
      if (revision.current === rev) setSaveState({ kind: 'clean', savedAt: saved.updatedAt });
      else schedule();
      if (created) onCreatedRef.current?.(saved.id);
      return true;
    } catch (error) {
      const body = apiErrorBody(error);
      if (body?.code === 'VERSION_CONFLICT') {
        conflict.current = true;
        clearTimer();
        setSaveState({ kind: 'conflict' });
      } else {
        // Shown on their fields until the next change (autosave runs in the background: no focus moves).
        for (const issue of refusedFields(error))
          form.setError(issue.path.join('.') as FieldPath<WorkingCopy>, { type: 'server', message: issue.message });
        setSaveState({ kind: 'failed', error });
      }
      return false;
    }
  };

  /** Saves now (after any save under way). */
  const run = (target: TemplateStatus): Promise<boolean> => {
    clearTimer();
    const next = chain.current.then(() => attempt(target));
    chain.current = next.catch(() => undefined);
    return next;
  };
  const runRef = useRef(run);
  runRef.current = run;

  /** Autosaves the latest copy after the delay, or says why it cannot. */
  function schedule(): void {
    clearTimer();
    if (conflict.current) return;
    const { copy: current, status: target } = latest.current;
    const v = validateCopy(current);
    const problems = target === 'published' ? v.all : v.blocking;
    if (problems.length > 0) {
      setSaveState({ kind: 'invalid', count: problems.length, publishing: target === 'published' });
      return;
    }
    setSaveState({ kind: 'waiting' });
    timer.current = setTimeout(() => {
      timer.current = null;
      void runRef.current(latest.current.status);
    }, AUTOSAVE_DELAY_MS);
  }

  // Each change: kept in this browser at once, saved after the delay.
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    if (changes === 0 || revision.current === savedRevision.current) return;
    storeCopy(idRef.current, {
      copy: latest.current.copy,
      version: versionRef.current ?? null,
      status: latest.current.status,
      changedAt: new Date().toISOString(),
    });
    schedule();
  }, [changes]);

  // Leaving the page with a save waiting: save it now (the copy is in storage either way).
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (timer.current !== null) void runRef.current(latest.current.status);
    };
  }, []);

  const markChanged = () => {
    revision.current += 1;
    setChanges((n) => n + 1);
  };

  // Every change of the copy (typing, a list's add, move or remove, a restored copy) is one revision.
  const { watch, clearErrors, reset } = form;
  useEffect(() => {
    const subscription = watch(() => {
      clearErrors();
      revision.current += 1;
      setChanges((n) => n + 1);
    });
    return () => subscription.unsubscribe();
  }, [watch, clearErrors]);

  const publish = async () => {
    // With problems nothing is sent (the page lists them); a waiting draft save goes on.
    if (validateCopy(latest.current.copy).all.length > 0) return false;
    return run('published');
  };

  const unpublish = async () => {
    if (validateCopy(latest.current.copy).blocking.length > 0) {
      setStatus('draft');
      latest.current = { ...latest.current, status: 'draft' };
      markChanged();
      return false;
    }
    return run('draft');
  };

  const retry = () => void run(latest.current.status);

  const restoreOffer = () => {
    if (!offer) return;
    if (offer.version !== null) versionRef.current = offer.version;
    setStatus(offer.status);
    latest.current = { copy: offer.copy, status: offer.status };
    reset(offer.copy);
    setOffer(null);
    markChanged();
  };

  const discardOffer = () => {
    forgetStoredCopy(idRef.current);
    setOffer(null);
  };

  return {
    copy,
    form,
    status,
    validation,
    serverIssues,
    saveState,
    templateId: idRef.current,
    publish,
    unpublish,
    retry,
    offer,
    restoreOffer,
    discardOffer,
  };
}
