import type { Redline, RedlineState, SopContent, WordChange } from '@muster/contracts';
import { diffWordsWithSpace } from 'diff';

type Sections = Redline['sections'];

/** A word-level diff of two texts (jsdiff), as runs of same, removed and added words. */
export function wordDiff(before: string, after: string): WordChange[] {
  if (before === after) return before ? [{ op: 'same', text: before }] : [];
  return diffWordsWithSpace(before, after).map((part) => ({
    op: part.added ? 'added' : part.removed ? 'removed' : 'same',
    text: part.value,
  }));
}

const whole = (op: WordChange['op'], text: string): WordChange[] => [{ op, text }];

/**
 * What changed from `before` to `after`, by the ids sections and steps keep across versions: a step
 * whose id is new was added, one whose id is gone was removed, one whose text differs was reworded
 * (with its words). Sections and steps come in the newer version's order; removed ones are placed
 * after the item that preceded them in the older version.
 */
export function redlineOf(
  before: SopContent,
  after: SopContent,
): Pick<Redline, 'sections' | 'counts' | 'titleChanged' | 'reviewIntervalChanged'> {
  const counts = { added: 0, removed: 0, changed: 0 };
  const oldSections = new Map(before.sections.map((s) => [s.id, s]));
  const oldSteps = new Map(before.sections.flatMap((s) => s.steps.map((step) => [step.id, step.text] as const)));
  const newStepIds = new Set(after.sections.flatMap((s) => s.steps.map((step) => step.id)));
  const newSectionIds = new Set(after.sections.map((s) => s.id));

  const sections: Sections = after.sections.map((section) => {
    const old = oldSections.get(section.id);
    const steps: Sections[number]['steps'] = section.steps.map((step) => {
      const was = oldSteps.get(step.id);
      if (was === undefined) {
        counts.added += 1;
        return { id: step.id, state: 'added', words: whole('added', step.text) };
      }
      if (was !== step.text) {
        counts.changed += 1;
        return { id: step.id, state: 'changed', words: wordDiff(was, step.text) };
      }
      return { id: step.id, state: 'same', words: whole('same', step.text) };
    });
    // Steps of the older section that are nowhere in the newer version: removed, where they were.
    if (old) {
      old.steps.forEach((step, index) => {
        if (newStepIds.has(step.id)) return;
        counts.removed += 1;
        const previous = old.steps[index - 1]?.id;
        const at = previous ? steps.findIndex((s) => s.id === previous) + 1 : 0;
        steps.splice(at, 0, { id: step.id, state: 'removed', words: whole('removed', step.text) });
      });
    }
    const headingChanged = old !== undefined && old.heading !== section.heading;
    const anyChange = steps.some((s) => s.state !== 'same');
    const state: RedlineState = !old ? 'added' : headingChanged || anyChange ? 'changed' : 'same';
    return {
      id: section.id,
      state,
      heading: !old ? whole('added', section.heading) : wordDiff(old.heading, section.heading),
      steps,
    };
  });

  before.sections.forEach((section, index) => {
    if (newSectionIds.has(section.id)) return;
    const removedSteps = section.steps.filter((step) => !newStepIds.has(step.id));
    counts.removed += removedSteps.length;
    const previous = before.sections[index - 1]?.id;
    const at = previous ? sections.findIndex((s) => s.id === previous) + 1 : 0;
    sections.splice(at, 0, {
      id: section.id,
      state: 'removed',
      heading: whole('removed', section.heading),
      steps: removedSteps.map((step) => ({ id: step.id, state: 'removed', words: whole('removed', step.text) })),
    });
  });

  return {
    titleChanged: before.title !== after.title,
    reviewIntervalChanged: before.reviewIntervalMonths !== after.reviewIntervalMonths,
    sections,
    counts,
  };
}
