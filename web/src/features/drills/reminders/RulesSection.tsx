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
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/ui/toaster';
import { useSaveReminderRules } from '../api';
import { messagesByPath } from '../quick-create/roster';
import { formatLeadTime, LEAD_UNITS, newRule, ruleDrafts, rulesErrors, rulesRequest, type LeadUnit, type RuleDraft } from './rules';
import { errorText, reasonText, serverIssues } from '../../../lib/error-text';

/** A group of checkboxes with its legend (channels, recipients). */
export function CheckGroup<T extends string>({
  legend,
  options,
  value,
  onChange,
  label,
  error,
  testId,
}: {
  legend: string;
  options: readonly T[];
  value: readonly T[];
  onChange: (value: T[]) => void;
  label: (option: T) => string;
  error: string | undefined;
  testId: string;
}) {
  return (
    <chakra.fieldset minWidth="0" data-testid={testId}>
      <chakra.legend fontSize="sm" fontWeight="medium" marginBottom="1.5">
        {legend}
      </chakra.legend>
      <Flex gap="4" wrap="wrap">
        {options.map((option) => (
          <Checkbox.Root
            key={option}
            size="sm"
            checked={value.includes(option)}
            onCheckedChange={(e) => onChange(e.checked === true ? [...value, option] : value.filter((v) => v !== option))}
            invalid={Boolean(error)}
          >
            <Checkbox.HiddenInput data-option={option} />
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

function RuleEditor({
  rule,
  index,
  errors,
  onChange,
  onRemove,
}: {
  rule: RuleDraft;
  index: number;
  errors: Record<string, string>;
  onChange: (change: Partial<RuleDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('drillReminders');
  const valueId = useId();
  const headingId = useId();
  const path = (field: string) => errors[`rules.${String(index)}.${field}`];
  const tv = (message: string | undefined) => (message ? reasonText(t, message) : undefined);
  const leadError = tv(path('leadMinutes'));
  return (
    <Card.Root as="li" variant="outline" aria-labelledby={headingId} data-testid="rule-row">
      <Card.Body gap="4" padding={{ base: '3', md: '4' }}>
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Text id={headingId} fontWeight="semibold">
            {t('rules.number', { number: index + 1 })}
          </Text>
          <HStack gap="3">
            <Switch.Root size="sm" colorPalette="brand" checked={rule.enabled} onCheckedChange={(e) => onChange({ enabled: e.checked })}>
              <Switch.HiddenInput data-testid="rule-enabled" />
              <Switch.Control />
              <Switch.Label>{t('rules.enabled')}</Switch.Label>
            </Switch.Root>
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
              value={rule.value}
              onChange={(e) => onChange({ value: e.currentTarget.value })}
              width="7rem"
              data-testid="rule-lead-value"
            />
            <NativeSelect.Root width="9rem">
              <NativeSelect.Field
                aria-label={t('rules.unit')}
                value={rule.unit}
                onChange={(e) => onChange({ unit: e.currentTarget.value as LeadUnit })}
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
          <CheckGroup
            legend={t('rules.channels')}
            options={REMINDER_CHANNELS}
            value={rule.channels}
            onChange={(channels) => onChange({ channels })}
            label={(c) => t(`channels.${c}`)}
            error={tv(path('channels'))}
            testId="rule-channels"
          />
          <CheckGroup
            legend={t('rules.recipients')}
            options={REMINDER_RECIPIENTS}
            value={rule.recipients}
            onChange={(recipients) => onChange({ recipients })}
            label={(r) => t(`recipients.${r}`)}
            error={tv(path('recipients'))}
            testId="rule-recipients"
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
  const save = useSaveReminderRules();
  const [drafts, setDrafts] = useState(() => ruleDrafts(rules));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  // Saved rules are the cached overview's (the save's answer replaces it).
  const dirty = JSON.stringify(rulesRequest(drafts)) !== JSON.stringify(rulesRequest(ruleDrafts(rules)));

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

  const change = (key: string, patch: Partial<RuleDraft>) => {
    const next = drafts.map((d) => (d.key === key ? { ...d, ...patch } : d));
    setDrafts(next);
    // After a failed save, messages follow the edits.
    if (Object.keys(errors).length) setErrors(rulesErrors(rulesRequest(next)));
  };
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    setFailure(null);
    const request = rulesRequest(drafts);
    const found = rulesErrors(request);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(request, {
      onSuccess: (overview) => {
        setDrafts(ruleDrafts(overview.rules));
        toaster.create({ type: 'success', title: t('rules.saved') });
      },
      onError: (err) => {
        const issues = serverIssues(err);
        if (issues.length > 0) setErrors(messagesByPath(issues));
        else setFailure(errorText(t, err));
      },
    });
  };
  const discard = () => {
    setDrafts(ruleDrafts(rules));
    setErrors({});
    setFailure(null);
  };

  return (
    <form onSubmit={submit} noValidate data-testid="rules-form">
      <Stack gap="3">
        {drafts.length === 0 ? (
          <Text color="fg.muted" data-testid="rules-empty">
            {t('rules.noneEditable')}
          </Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" data-testid="rules-list">
            {drafts.map((rule, i) => (
              <RuleEditor
                key={rule.key}
                rule={rule}
                index={i}
                errors={errors}
                onChange={(patch) => change(rule.key, patch)}
                onRemove={() => setDrafts(drafts.filter((d) => d.key !== rule.key))}
              />
            ))}
          </Stack>
        )}
        {errors.rules && (
          <Text color="fg.error" fontSize="sm">
            {reasonText(t, errors.rules)}
          </Text>
        )}
        {failure && (
          <Alert.Root status="error" data-testid="rules-error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        {Object.keys(errors).length > 0 && (
          <Text color="fg.error" fontSize="sm" role="alert" data-testid="rules-invalid">
            {t('rules.fix')}
          </Text>
        )}
        <Flex gap="2" wrap="wrap" justify="space-between">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setDrafts([...drafts, newRule()])}
            disabled={drafts.length >= REMINDER_LIMITS.rulesMax}
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
