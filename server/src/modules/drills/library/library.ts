import { DRILL_SCENARIOS, LIBRARY_TEXT_PATHS, type DrillScenario, type DrillTemplate, type TemplateContent } from '@muster/contracts';
import { composeTemplate, libraryInput } from './generator.js';
import { kitKey } from './keys.js';
import { SCENARIO_KITS } from './kits.js';

/** Fixed ids of the built-in templates (uuid v5 of `muster-library-<scenario>`), stable across releases. */
const LIBRARY_IDS: Record<DrillScenario, string> = {
  bomb_threat: '98cd07a8-4c9c-53b4-bfbb-aadc132ac5eb',
  unauthorised_access: '58e8814f-d2a8-52e0-adf6-3846922e340a',
  stowaway: '77e048c4-8593-5a6b-a9bb-c535a1efeca8',
  ssas_activation: '4955c39e-d46c-548c-85d2-37cff1b0563f',
  fire: '7d254791-2c85-5070-8362-de33918ad5e3',
  evacuation: '33ccc061-b5f5-5609-b9df-aaba32023f35',
  man_overboard: 'e4ba49fe-f4a2-5a01-b8de-54bd4a744998',
  oil_spill: '66152d1a-6e16-53fa-a386-b06dc7afc69d',
  cyber_incident: '0faaf6de-eaf0-500b-b7a2-65d6adcb5081',
  custom: '24e593f9-b3e5-5b45-8af6-ba42a9987675',
};

/** When the library was last revised (shown as the templates' update time). */
const LIBRARY_REVISED = '2026-11-01T00:00:00.000Z';

export interface LibraryTemplate {
  id: string;
  content: TemplateContent;
}

/** The built-in templates: one complete template per scenario, composed from its kit. */
export const LIBRARY: readonly LibraryTemplate[] = DRILL_SCENARIOS.map((scenario) => ({
  id: LIBRARY_IDS[scenario],
  content: libraryContent(scenario),
}));

/** A library template: the composed template under the kit's own name. */
function libraryContent(scenario: DrillScenario): TemplateContent {
  const composed = composeTemplate(libraryInput(scenario));
  return {
    ...composed,
    name: SCENARIO_KITS[scenario].name,
    libraryTexts: { ...composed.libraryTexts, [LIBRARY_TEXT_PATHS.name]: { key: kitKey(scenario, 'name') } },
  };
}

const byId = new Map(LIBRARY.map((t) => [t.id, t]));

export function libraryTemplate(id: string): LibraryTemplate | undefined {
  return byId.get(id);
}

/** A library template as the API answers it: published, read-only. */
export function libraryRecord(template: LibraryTemplate): DrillTemplate {
  return {
    ...template.content,
    id: template.id,
    source: 'library',
    status: 'published',
    version: 1,
    createdAt: LIBRARY_REVISED,
    updatedAt: LIBRARY_REVISED,
    updatedBy: null,
    editable: false,
  };
}
