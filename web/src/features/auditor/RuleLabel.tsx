import { Text } from '@chakra-ui/react';
import { COMPLIANCE_RULES } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { ruleTitle } from '../compliance/text';

const BUILT_IN = new Map(COMPLIANCE_RULES.map((r) => [r.id, r]));

/** A built-in rule's title in the reader's language; an organisation's own rule (`custom:<key>`) by its key. */
export function useRuleName(): (id: string) => string {
  const { t } = useTranslation('compliance');
  return (id) => {
    const rule = BUILT_IN.get(id);
    return rule ? `${rule.source} — ${ruleTitle(t, rule)}` : id.replace(/^custom:/, '');
  };
}

/** A rule as the portal names it (guest auditors cannot read the organisation's rule list). */
export function RuleLabel({ id }: { id: string }) {
  const name = useRuleName();
  return (
    <Text as="span" dir="auto">
      {name(id)}
    </Text>
  );
}
