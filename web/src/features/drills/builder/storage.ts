import { STORAGE_KEYS, TEMPLATE_STATUSES, type TemplateStatus } from '@muster/contracts';
import type { WorkingCopy } from './model';

/**
 * The builder's unsaved working copy in this browser (`localStorage`), one per template (and
 * one for a template not created yet), so a reload or a closed tab loses nothing that could not
 * be saved (an incomplete published template, an offline moment, a refused save).
 */
export interface StoredCopy {
  copy: WorkingCopy;
  /** The version the changes were made on (null: a template not created yet). */
  version: number | null;
  status: TemplateStatus;
  /** When the copy was last changed (ISO). */
  changedAt: string;
}

export const NEW_TEMPLATE = 'new';

export function storageKey(templateId: string | undefined): string {
  return `${STORAGE_KEYS.drillTemplateDraft}.${templateId ?? NEW_TEMPLATE}`;
}

function isCopy(value: unknown): value is WorkingCopy {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.name === 'string' &&
    typeof v.type === 'string' &&
    typeof v.scenario === 'string' &&
    typeof v.estimatedMinutes === 'string' &&
    Array.isArray(v.objectives) &&
    Array.isArray(v.positions) &&
    Array.isArray(v.steps) &&
    Array.isArray(v.injects) &&
    Array.isArray(v.regulations)
  );
}

export function readStoredCopy(templateId: string | undefined): StoredCopy | null {
  try {
    const raw = localStorage.getItem(storageKey(templateId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredCopy>;
    if (!isCopy(parsed.copy) || typeof parsed.changedAt !== 'string') return null;
    const status = (TEMPLATE_STATUSES as readonly string[]).includes(parsed.status ?? '') ? (parsed.status as TemplateStatus) : 'draft';
    return { copy: parsed.copy, version: typeof parsed.version === 'number' ? parsed.version : null, status, changedAt: parsed.changedAt };
  } catch {
    return null;
  }
}

export function storeCopy(templateId: string | undefined, stored: StoredCopy): void {
  try {
    localStorage.setItem(storageKey(templateId), JSON.stringify(stored));
  } catch {
    // Storage refused (quota, private mode): the copy stays in the page until it is saved.
  }
}

export function forgetStoredCopy(templateId: string | undefined): void {
  try {
    localStorage.removeItem(storageKey(templateId));
  } catch {
    // Nothing stored.
  }
}
