import {
  LIBRARY_TEXT_PATHS as PATH,
  renderLibraryText,
  type LibraryText,
  type LibraryTexts,
  type TemplateContent,
} from '@muster/contracts';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Texts of the built-in drill library in the reader's language. A template keeps the library's
 * English in its fields and, beside them, which library text each one is (`libraryTexts`). While
 * a field still holds exactly that English it shows translated; once someone edited it, it is
 * theirs and shows as written (as does every field of a template written from scratch).
 */
export type LibraryTranslate = (text: string, ref: LibraryText | null | undefined) => string;

export function libraryTranslate(t: TFunction, english: TFunction): LibraryTranslate {
  const render = (fn: TFunction, ref: LibraryText) => renderLibraryText(ref, (key, params) => fn(key, params));
  return (text, ref) => {
    if (!ref || render(english, ref) !== text) return text;
    return render(t, ref);
  };
}

/** The translate function of the reader's language (loads the `drillLibrary` namespace). */
export function useLibraryText(): LibraryTranslate {
  const { t, i18n } = useTranslation('drillLibrary');
  return useMemo(() => libraryTranslate(t, i18n.getFixedT('en', 'drillLibrary')), [t, i18n]);
}

type Content = Pick<TemplateContent, 'name' | 'description' | 'objectives' | 'positions' | 'steps' | 'injects'> & {
  libraryTexts?: LibraryTexts;
};

/**
 * Localised parts already made, by the part they were made from, for one translate function. A
 * template's parts never change once written, so a part seen again (the same object) is given
 * back as the same localised object, and what shows it need not redraw.
 */
export type LocalisedParts = WeakMap<object, object>;

/** A template's content with every library text in the reader's language (the rest as written). */
export function localiseContent<T extends Content>(content: T, tr: LibraryTranslate, parts?: LocalisedParts): T {
  const texts = content.libraryTexts ?? {};
  if (Object.keys(texts).length === 0) return content;
  const at = (text: string, path: string) => tr(text, texts[path]);
  const part = <P extends object>(source: P, make: (source: P) => P): P => {
    const held = parts?.get(source) as P | undefined;
    if (held) return held;
    const made = make(source);
    parts?.set(source, made);
    return made;
  };
  return {
    ...content,
    name: at(content.name, PATH.name),
    description: at(content.description, PATH.description),
    objectives: content.objectives.map((o, i) => at(o, PATH.objective(i))),
    positions: part(content.positions, (positions) =>
      positions.map((p) => ({
        ...p,
        name: at(p.name, PATH.position(p.id, 'name')),
        description: at(p.description, PATH.position(p.id, 'description')),
      })),
    ),
    steps: content.steps.map((step) =>
      part(step, (s) => ({
        ...s,
        title: at(s.title, PATH.step(s.id, 'title')),
        instructions: at(s.instructions, PATH.step(s.id, 'instructions')),
        checklist: s.checklist.map((item) => ({ ...item, text: at(item.text, PATH.checklistItem(s.id, item.id)) })),
      })),
    ),
    injects: content.injects.map((inject) =>
      part(inject, (i) => ({
        ...i,
        title: at(i.title, PATH.inject(i.id, 'title')),
        message: at(i.message, PATH.inject(i.id, 'message')),
      })),
    ),
  };
}

/** `localiseContent` for a component, recomputed when the content or the language changes. */
export function useLocalisedContent<T extends Content>(content: T): T;
export function useLocalisedContent<T extends Content>(content: T | undefined): T | undefined;
export function useLocalisedContent<T extends Content>(content: T | undefined): T | undefined {
  const tr = useLibraryText();
  return useMemo(() => (content ? localiseContent(content, tr) : content), [content, tr]);
}
