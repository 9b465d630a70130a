import {
  Alert,
  Badge,
  Button,
  Card,
  chakra,
  Checkbox,
  Field,
  Flex,
  HStack,
  Input,
  NativeSelect,
  Stack,
  Switch,
  Text,
} from '@chakra-ui/react';
import { REMINDER_CHANNELS, REMINDER_LIMITS, REMINDER_RECIPIENTS, type ReminderRule } from '@muster/contracts';
import { saveReminderRulesSchema } from '@muster/contracts';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { toaster } from '../../../components/ui/toaster';
import { passIssues, useMusterForm, type MusterForm } from '../../../lib/forms';
import { useSaveReminderRules } from '../api';
import { formatLeadTime, LEAD_UNITS, newRule, ruleDrafts, rulesRequest, type RuleDraft } from './rules';
import { errorText } from '../../../lib/error-text';

/** A group of checkboxes with its legend (channels, recipients). */
export function CheckGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
  label,
  error,
  testId,
  inputRef,
  onBlur,
}: {
  legend: string;
  options: readonly T[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  label: (option: T) => string;
  error: string | undefined;
  testId: string;
  /** The first box's input (where focus goes when the group is in error). */
  inputRef?: (element: HTMLInputElement | null) => void;
  onBlur?: () => void;
}) {
  return (
    <chakra.fieldset minWidth="0" data-testid={testId}>
      <chakra.legend fontSize="sm" fontWeight="medium" marginBottom="1.5">
        {legend}
      </chakra.legend>
      <Flex gap="4" wrap="wrap">
        {options.map((option, i) => (
          <Checkbox.Root
            key={option}
            size="sm"
            checked={value.includes(option)}
            onCheckedChange={(e) => onChange(e.checked === true ? [...value, option] : value.filter((v) => v !== option))}
            invalid={Boolean(error)}
          >
            <Checkbox.HiddenInput ref={i === 0 ? inputRef : undefined} onBlur={onBlur} data-option={option} />
            <Checkbox.Control />
            <Checkbox.Label>{label(option)}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Flex>
      {error && (
        <Text fontSize="sm" color="fg.error" marginTop="1">
          {error}
        </Text>
      )}
    </chakra.fieldset>
  );
}

/** The rules being edited, as the form holds them. */
interface RulesValues {
  rules: RuleDraft[];
}

/** The request's lead time is the form's typed value (with its unit). */
const rulePaths = (path: string) => path.replace(/^(rules\.\d+)\.leadMinutes$/, '$1.value');

/** The rules as `saveReminderRulesSchema` checks them, its messages on the form's fields. */
const rulesFormSchema = z.custom<RulesValues>().transform((values, ctx) => {
  const parsed = saveReminderRulesSchema.safeParse(rulesRequest(values.rules));
  if (parsed.success) return parsed.data;
  passIssues(ctx, parsed.error.issues, rulePaths);
  return z.NEVER;
});

function RuleEditor({
  form,
  index,
  onRemove,
}: {
  form: MusterForm<RulesValues, z.output<typeof rulesFormSchema>>;
  index: number;
  onRemove: () => void;
}) {
  const { t } = useTranslation('drillReminders');
  const valueId = useId();
  const headingId = useId();
  const base = `rules.${index}` as const;
  const leadError = form.message(`${base}.value`);
  return (
    <Card.Root as="li" variant="outline" aria-labelledby={headingId} data-testid="rule-row">
      <Card.Body gap="4" padding={{ base: '3', md: '4' }}>
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Text id={headingId} fontWeight="semibold">
            {t('rules.number', { number: index + 1 })}
          </Text>
          <HStack gap="3">
            <Controller
              control={form.control}
              name={`${base}.enabled`}
              render={({ field }) => (
                <Switch.Root
                  size="sm"
                  colorPalette="brand"
                  name={field.name}
                  checked={field.value}
                  onCheckedChange={(e) => field.onChange(e.checked)}
                >
                  <Switch.HiddenInput ref={field.ref} onBlur={field.onBlur} data-testid="rule-enabled" />
                  <Switch.Control />
                  <Switch.Label>{t('rules.enabled')}</Switch.Label>
                </Switch.Root>
              )}
            />
            <Button size="xs" variant="ghost" colorPalette="red" onClick={onRemove} data-testid="rule-remove">
              {t('rules.remove')}
            </Button>
          </HStack>
        </Flex>
        <Field.Root invalid={Boolean(leadError)}>
          <Field.Label htmlFor={valueId}>{t('rules.leadTime')}</Field.Label>
          <HStack gap="2" wrap="wrap">
            <Input
              id={valueId}
              type="number"
              inputMode="decimal"
              min={0}
              {...form.register(`${base}.value`)}
              width="7rem"
              data-testid="rule-lead-value"
            />
            <NativeSelect.Root width="9rem">
              <NativeSelect.Field
                aria-label={t('rules.unit')}
                // The unit changes the lead time: its message follows.
                {...form.register(`${base}.unit`, { deps: `${base}.value` })}
                data-testid="rule-lead-unit"
              >
                {LEAD_UNITS.map((u) => (
                  <option key={u} value={u}>
                    {t(`units.${u}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Text color="fg.muted" fontSize="sm">
              {t('rules.beforeStart')}
            </Text>
          </HStack>
          <Field.ErrorText data-testid="rule-lead-error">{leadError}</Field.ErrorText>
        </Field.Root>
        <Flex gap="6" wrap="wrap">
          <Controller
            control={form.control}
            name={`${base}.channels`}
            render={({ field }) => (
              <CheckGroup
                legend={t('rules.channels')}
                options={REMINDER_CHANNELS}
                value={field.value}
                onChange={field.onChange}
                inputRef={field.ref}
                onBlur={field.onBlur}
                label={(c) => t(`channels.${c}`)}
                error={form.message(`${base}.channels`)}
                testId="rule-channels"
              />
            )}
          />
          <Controller
            control={form.control}
            name={`${base}.recipients`}
            render={({ field }) => (
              <CheckGroup
                legend={t('rules.recipients')}
                options={REMINDER_RECIPIENTS}
                value={field.value}
                onChange={field.onChange}
                inputRef={field.ref}
                onBlur={field.onBlur}
                label={(r) => t(`recipients.${r}`)}
                error={form.message(`${base}.recipients`)}
                testId="rule-recipients"
              />
            )}
          />
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** One rule as text, for members who may not change them. */
function RuleText({ rule }: { rule: ReminderRule }) {
  const { t, i18n } = useTranslation('drillReminders');
  return (
    <Card.Root as="li" variant="outline" data-testid="rule-row">
      <Card.Body gap="2" padding={{ base: '3', md: '4' }}>
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="semibold">{t('rules.before', { time: formatLeadTime(rule.leadMinutes, i18n.resolvedLanguage) })}</Text>
          {!rule.enabled && (
            <Badge colorPalette="gray" size="sm">
              {t('rules.off')}
            </Badge>
          )}
        </Flex>
        <Flex gap="2" wrap="wrap" align="center" fontSize="sm">
          <Text color="fg.muted">{t('rules.channels')}</Text>
          {rule.channels.map((c) => (
            <Badge key={c} variant="outline" size="sm">
              {t(`channels.${c}`)}
            </Badge>
          ))}
        </Flex>
        <Flex gap="2" wrap="wrap" align="center" fontSize="sm">
          <Text color="fg.muted">{t('rules.recipients')}</Text>
          {rule.recipients.map((r) => (
            <Badge key={r} variant="outline" size="sm">
              {t(`recipients.${r}`)}
            </Badge>
          ))}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** The reminder rules: edited and saved as one list (managers), or read. */
export function RulesSection({ rules, editable }: { rules: readonly ReminderRule[]; editable: boolean }) {
  const { t } = useTranslation('drillReminders');
  if (!editable) {
    return rules.length === 0 ? (
      <Text color="fg.muted" data-testid="rules-empty">
        {t('rules.none')}
      </Text>
    ) : (
      <Stack as="ul" gap="3" listStyleType="none" data-testid="rules-list">
        {[...rules]
          .sort((a, b) => b.leadMinutes - a.leadMinutes)
          .map((rule) => (
            <RuleText key={rule.id} rule={rule} />
          ))}
      </Stack>
    );
  }
  return <RulesForm rules={rules} />;
}

/** The rules as one list: added, removed and changed in place, checked and saved together. */
function RulesForm({ rules }: { rules: readonly ReminderRule[] }) {
  const { t } = useTranslation('drillReminders');
  const save = useSaveReminderRules();
  const form = useMusterForm(rulesFormSchema, { rules: ruleDrafts(rules) });
  const list = useFieldArray({ control: form.control, name: 'rules', keyName: 'fieldKey' });
  const drafts = useWatch({ control: form.control, name: 'rules' });
  const [failure, setFailure] = useState<string | null>(null);
  // Saved rules are the cached overview's (the save's answer replaces it).
  const dirty = JSON.stringify(rulesRequest(drafts)) !== JSON.stringify(rulesRequest(ruleDrafts(rules)));
  const invalid = Object.keys(form.formState.errors).length > 0;

  const submit = form.handleSubmit((request) => {
    setFailure(null);
    save.mutate(request, {
      onSuccess: (overview) => {
        form.reset({ rules: ruleDrafts(overview.rules) });
        toaster.create({ type: 'success', title: t('rules.saved') });
      },
      onError: (err) => {
        if (!form.setServerErrors(err, rulePaths)) setFailure(errorText(t, err));
      },
    });
  });
  const discard = () => {
    form.reset({ rules: ruleDrafts(rules) });
    setFailure(null);
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="rules-form">
      <Stack gap="3">
        {list.fields.length === 0 ? (
          <Text color="fg.muted" data-testid="rules-empty">
            {t('rules.noneEditable')}
          </Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" data-testid="rules-list">
            {list.fields.map((rule, i) => (
              <RuleEditor key={rule.fieldKey} form={form} index={i} onRemove={() => list.remove(i)} />
            ))}
          </Stack>
        )}
        {form.message('rules') && (
          <Text color="fg.error" fontSize="sm">
            {form.message('rules')}
          </Text>
        )}
        {failure && (
          <Alert.Root status="error" data-testid="rules-error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        {invalid && (
          <Text color="fg.error" fontSize="sm" role="alert" data-testid="rules-invalid">
            {t('rules.fix')}
          </Text>
        )}
        <Flex gap="2" wrap="wrap" justify="space-between">
          <Button
            variant="outline"
            size="sm"
            onClick={() => list.append(newRule(), { shouldFocus: false })}
            disabled={list.fields.length >= REMINDER_LIMITS.rulesMax}
            data-testid="rule-add"
          >
            {t('rules.add')}
          </Button>
          <HStack gap="2">
            {dirty && (
              <Button variant="ghost" size="sm" onClick={discard} data-testid="rules-discard">
                {t('discard')}
              </Button>
            )}
            <Button type="submit" colorPalette="brand" size="sm" loading={save.isPending} disabled={!dirty} data-testid="rules-save">
              {t('rules.save')}
            </Button>
          </HStack>
        </Flex>
      </Stack>
    </form>
  );
}
