import { Alert, Button, Checkbox, Flex, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  CADENCE_UNITS,
  COMPLIANCE_LIMITS,
  customRuleInputSchema,
  DRILL_SCENARIOS,
  DRILL_TYPES,
  type CustomRuleInput,
} from '@muster/contracts';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../components/form/FormField';
import { ChoiceGroup } from './ChoiceGroup';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { passIssues, useMusterForm } from '../../lib/forms';
import { useAddRule } from './api';
import { FormDialog } from '../../components/FormDialog';

interface RuleDraft {
  key: string;
  title: string;
  source: string;
  scenarios: string[];
  types: string[];
  eachScenario: boolean;
  every: string;
  unit: string;
  calendarYear: boolean;
  dueSoonDays: string;
}

function ruleRequest(d: RuleDraft): CustomRuleInput {
  return {
    key: d.key.trim(),
    title: d.title,
    source: d.source,
    scenarios: d.scenarios as CustomRuleInput['scenarios'],
    types: d.types as CustomRuleInput['types'],
    eachScenario: d.eachScenario,
    every: d.every.trim() === '' ? (undefined as unknown as number) : Number(d.every),
    unit: d.unit as CustomRuleInput['unit'],
    calendarYear: d.calendarYear,
    ...(d.dueSoonDays.trim() === '' ? {} : { dueSoonDays: Number(d.dueSoonDays) }),
  };
}

const ruleFormSchema = z.custom<RuleDraft>().transform((values, ctx) => {
  const parsed = customRuleInputSchema.safeParse(ruleRequest(values));
  if (parsed.success) return parsed.data;
  passIssues(ctx, parsed.error.issues);
  return z.NEVER;
});

function ChoiceList({
  name,
  values,
  options,
  onChange,
  testId,
}: {
  name: string;
  values: string[];
  options: { value: string; label: string }[];
  onChange: (v: string[]) => void;
  testId: string;
}) {
  return (
    <Flex gap="3" wrap="wrap" role="group" aria-label={name} data-testid={testId}>
      {options.map((o) => (
        <Checkbox.Root
          key={o.value}
          size="sm"
          checked={values.includes(o.value)}
          onCheckedChange={(e) => onChange(e.checked === true ? [...values, o.value] : values.filter((v) => v !== o.value))}
        >
          <Checkbox.HiddenInput data-testid={`${testId}-${o.value}`} />
          <Checkbox.Control />
          <Checkbox.Label>{o.label}</Checkbox.Label>
        </Checkbox.Root>
      ))}
    </Flex>
  );
}

function RuleForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation(['compliance', 'drills', 'errors']);
  const add = useAddRule();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useMusterForm(ruleFormSchema, {
    key: '',
    title: '',
    source: '',
    scenarios: [],
    types: ['drill'],
    eachScenario: false,
    every: '3',
    unit: 'months',
    calendarYear: false,
    dueSoonDays: '14',
  });
  const submit = form.handleSubmit((body) => {
    setFailure(null);
    add.mutate(body, {
      onSuccess: () => {
        toaster.create({ type: 'success', title: t('ruleForm.added') });
        onDone();
      },
      onError: (err) => {
        if (!form.setServerErrors(err)) setFailure(errorText(t, err));
      },
    });
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="rule-form">
      <Stack gap="4">
        {failure && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label={t('ruleForm.source')} error={form.message('source')} required helperText={t('ruleForm.sourceHelp')}>
            <Input {...form.register('source')} maxLength={COMPLIANCE_LIMITS.ruleSourceMax} dir="auto" data-testid="rule-source" />
          </FormField>
          <FormField label={t('ruleForm.key')} error={form.message('key')} required helperText={t('ruleForm.keyHelp')}>
            <Input {...form.register('key')} maxLength={40} dir="ltr" data-testid="rule-key" />
          </FormField>
        </SimpleGrid>
        <FormField label={t('ruleForm.title')} error={form.message('title')} required>
          <Input {...form.register('title')} maxLength={COMPLIANCE_LIMITS.ruleTitleMax} dir="auto" data-testid="rule-title" />
        </FormField>
        <ChoiceGroup legend={t('ruleForm.scenarios')} error={form.message('scenarios')} required>
          <Controller
            control={form.control}
            name="scenarios"
            render={({ field }) => (
              <ChoiceList
                name={t('ruleForm.scenarios')}
                values={field.value}
                onChange={field.onChange}
                options={DRILL_SCENARIOS.map((s) => ({ value: s, label: t(`scenarios.${s}`, { ns: 'drills' }) }))}
                testId="rule-scenario"
              />
            )}
          />
        </ChoiceGroup>
        <ChoiceGroup legend={t('ruleForm.types')} error={form.message('types')} required>
          <Controller
            control={form.control}
            name="types"
            render={({ field }) => (
              <ChoiceList
                name={t('ruleForm.types')}
                values={field.value}
                onChange={field.onChange}
                options={DRILL_TYPES.map((s) => ({ value: s, label: t(`types.${s}`, { ns: 'drills' }) }))}
                testId="rule-type"
              />
            )}
          />
        </ChoiceGroup>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <FormField label={t('ruleForm.every')} error={form.message('every')} required>
            <Input type="number" inputMode="numeric" min={1} {...form.register('every')} data-testid="rule-every" />
          </FormField>
          <FormField label={t('ruleForm.unit')} error={form.message('unit')}>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('unit')} data-testid="rule-unit">
                {CADENCE_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {t(`units.${u}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('ruleForm.dueSoon')} error={form.message('dueSoonDays')}>
            <Input type="number" inputMode="numeric" min={0} {...form.register('dueSoonDays')} data-testid="rule-due-soon" />
          </FormField>
        </SimpleGrid>
        <Stack gap="2">
          {(['eachScenario', 'calendarYear'] as const).map((name) => (
            <Controller
              key={name}
              control={form.control}
              name={name}
              render={({ field }) => (
                <Checkbox.Root size="sm" checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)}>
                  <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} />
                  <Checkbox.Control />
                  <Checkbox.Label>{t(`ruleForm.${name}`)}</Checkbox.Label>
                </Checkbox.Root>
              )}
            />
          ))}
        </Stack>
        <Text fontSize="sm" color="fg.muted">
          {t('ruleForm.note')}
        </Text>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={add.isPending} data-testid="rule-submit">
          {t('ruleForm.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** Adding a rule of the organisation's own (ADMIN, MANAGER). */
export function RuleDialog() {
  const { t } = useTranslation('compliance');
  return (
    <FormDialog
      trigger={
        <Button variant="outline" data-testid="rule-open">
          {t('ruleForm.open')}
        </Button>
      }
      title={t('ruleForm.heading')}
      testId="rule-dialog"
      closeLabel={t('form.close')}
    >
      {(close) => <RuleForm onDone={close} />}
    </FormDialog>
  );
}
