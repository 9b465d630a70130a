import { Checkbox, Stack, Text } from '@chakra-ui/react';
import type { ComplianceRule } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { ruleTitle } from './text';

/**
 * A list of rules to tick (a profile's rules, the rules a document supports): citation and title of
 * each, the ticked ids in `value`. `testId` names the list, `itemTestId` each rule's checkbox.
 */
export function RuleChecklist({
  rules,
  value,
  onChange,
  testId,
  itemTestId,
}: {
  rules: readonly Pick<ComplianceRule, 'id' | 'source' | 'titleKey' | 'title'>[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  testId?: string;
  itemTestId?: (ruleId: string) => string;
}) {
  const { t } = useTranslation('compliance');
  return (
    <Stack gap="2" as="ul" listStyleType="none" data-testid={testId}>
      {rules.map((rule) => (
        <li key={rule.id}>
          <Checkbox.Root
            size="sm"
            alignItems="flex-start"
            checked={value.includes(rule.id)}
            onCheckedChange={(e) => onChange(e.checked === true ? [...value, rule.id] : value.filter((id) => id !== rule.id))}
          >
            <Checkbox.HiddenInput data-testid={itemTestId?.(rule.id)} />
            <Checkbox.Control />
            <Checkbox.Label>
              <Text as="span" fontWeight="semibold" dir="auto">
                {rule.source}
              </Text>
              {' — '}
              <Text as="span" dir="auto">
                {ruleTitle(t, rule)}
              </Text>
            </Checkbox.Label>
          </Checkbox.Root>
        </li>
      ))}
    </Stack>
  );
}
