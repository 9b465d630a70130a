import {
  DRILL_REGULATIONS,
  DRILL_SCENARIOS,
  DRILL_TYPES,
  TEMPLATE_SOURCES,
  TEMPLATE_STATUSES,
  type TemplateListQuery,
} from '@muster/contracts';

/** The list's filters as they are kept in the address (`?source=library&scenario=fire&q=…`). */
export const TEMPLATE_FILTER_KEYS = ['source', 'status', 'scenario', 'type', 'regulation', 'q'] as const;
export type TemplateFilterKey = (typeof TEMPLATE_FILTER_KEYS)[number];
export type TemplateFilters = Record<TemplateFilterKey, string>;

function oneOf<T extends string>(values: readonly T[], value: string): T | undefined {
  return (values as readonly string[]).includes(value) ? (value as T) : undefined;
}

/** The API query of the address's filters; unknown values (an edited address) are ignored. */
export function templateQuery(filters: TemplateFilters): TemplateListQuery {
  const q = filters.q.trim().slice(0, 200);
  return {
    source: oneOf(TEMPLATE_SOURCES, filters.source) ?? 'all',
    status: oneOf(TEMPLATE_STATUSES, filters.status),
    scenario: oneOf(DRILL_SCENARIOS, filters.scenario),
    type: oneOf(DRILL_TYPES, filters.type),
    regulation: oneOf(DRILL_REGULATIONS, filters.regulation),
    q: q || undefined,
  };
}

/** Whether a filter other than the source narrows the list (the empty state then offers to clear them). */
export function isNarrowed(query: TemplateListQuery): boolean {
  return Boolean(query.status || query.scenario || query.type || query.regulation || query.q);
}
