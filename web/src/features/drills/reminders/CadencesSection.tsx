import { Alert, Badge, Button, Card, Checkbox, Flex, HStack, Input, NativeSelect, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { CADENCE_KINDS, REMINDER_LIMITS, saveCadencesSchema, type Cadence } from '@muster/contracts';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../../components/form/FormField';
import { toaster } from '../../../components/ui/toaster';
import { passIssues, useMusterForm, type MusterForm } from '../../../lib/forms';
import { useSaveCadences } from '../api';
import { cadenceName } from '../components';
import { cadenceDrafts, cadencesRequest, formatUnit, newCadence, type CadenceDraft } from './rules';
import { errorText } from '../../../lib/error-text';

/** The cadences being edited, as the form holds them. */
interface CadencesValues {
  cadences: CadenceDraft[];
}

/** The cadences as `saveCadencesSchema` checks them (the request's paths are the form's). */
const cadencesFormSchema = z.custom<CadencesValues>().transform((values, ctx) => {
  const parsed = saveCadencesSchema.safeParse(cadencesRequest(values.cadences));
  if (parsed.success) return parsed.data;
  passIssues(ctx, parsed.error.issues);
  return z.NEVER;
});
type CadencesForm = MusterForm<CadencesValues, z.output<typeof cadencesFormSchema>>;

function CadenceEditor({ form, index, onRemove }: { form: CadencesForm; index: number; onRemove: () => void }) {
  const { t } = useTranslation('drillReminders');
  const headingId = useId();
  const base = `cadences.${index}` as const;
  const kind = useWatch({ control: form.control, name: `${base}.kind` });
  return (
    <Card.Root as="li" variant="outline" aria-labelledby={headingId} data-testid="cadence-row">
      <Card.Body gap="4" padding={{ base: '3', md: '4' }}>
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Text id={headingId} fontWeight="semibold">
            {t('cadences.number', { number: index + 1 })}
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
                  <Switch.HiddenInput ref={field.ref} onBlur={field.onBlur} data-testid="cadence-enabled" />
                  <Switch.Control />
                  <Switch.Label>{t('cadences.enabled')}</Switch.Label>
                </Switch.Root>
              )}
            />
            <Button size="xs" variant="ghost" colorPalette="red" onClick={onRemove} data-testid="cadence-remove">
              {t('cadences.remove')}
            </Button>
          </HStack>
        </Flex>
        <FormField label={t('cadences.name')} error={form.message(`${base}.name`)} required>
          <Input {...form.register(`${base}.name`)} maxLength={120} dir="auto" data-testid="cadence-name" />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <FormField label={t('cadences.kind')} error={form.message(`${base}.kind`)} helperText={t(`cadences.kindHint.${kind}`)}>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register(`${base}.kind`)} data-testid="cadence-kind">
                {CADENCE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`cadence.kinds.${k}`, { ns: 'drills' })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('cadences.interval')} error={form.message(`${base}.intervalMonths`)}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={36}
              {...form.register(`${base}.intervalMonths`)}
              data-testid="cadence-interval"
            />
          </FormField>
          <FormField label={t('cadences.dueSoon')} error={form.message(`${base}.dueSoonDays`)}>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={90}
              {...form.register(`${base}.dueSoonDays`)}
              data-testid="cadence-due-soon"
            />
          </FormField>
        </SimpleGrid>
        <Controller
          control={form.control}
          name={`${base}.calendarYear`}
          render={({ field }) => (
            <Checkbox.Root size="sm" name={field.name} checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)}>
              <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} data-testid="cadence-calendar-year" />
              <Checkbox.Control />
              <Checkbox.Label>{t('cadences.calendarYear')}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
      </Card.Body>
    </Card.Root>
  );
}

/** A cadence as text, for members who may not change them. */
function CadenceText({ cadence }: { cadence: Cadence }) {
  const { t, i18n } = useTranslation('drillReminders');
  const language = i18n.resolvedLanguage;
  return (
    <Card.Root as="li" variant="outline" data-testid="cadence-row">
      <Card.Body gap="2" padding={{ base: '3', md: '4' }}>
        <Flex gap="2" align="center" wrap="wrap">
          <Text fontWeight="semibold" dir="auto">
            {cadenceName(t, cadence)}
          </Text>
          <Badge size="sm" variant="outline">
            {t(`cadence.kinds.${cadence.kind}`, { ns: 'drills' })}
          </Badge>
          {!cadence.enabled && (
            <Badge size="sm" colorPalette="gray">
              {t('cadences.off')}
            </Badge>
          )}
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {cadence.calendarYear
            ? t('cadences.ruleCalendarYear', { interval: formatUnit(cadence.intervalMonths, 'month', language) })
            : t('cadences.rule', { interval: formatUnit(cadence.intervalMonths, 'month', language) })}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('cadences.dueSoonText', { days: formatUnit(cadence.dueSoonDays, 'day', language) })}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** The cadences the organisation must keep: edited and saved as one list (managers), or read. */
export function CadencesSection({ cadences, editable }: { cadences: readonly Cadence[]; editable: boolean }) {
  const { t } = useTranslation('drillReminders');
  if (!editable) {
    return cadences.length === 0 ? (
      <Text color="fg.muted" data-testid="cadences-empty">
        {t('cadences.none')}
      </Text>
    ) : (
      <Stack as="ul" gap="3" listStyleType="none" data-testid="cadences-list">
        {cadences.map((c) => (
          <CadenceText key={c.id} cadence={c} />
        ))}
      </Stack>
    );
  }
  return <CadencesForm cadences={cadences} />;
}

/** The cadences as one list: added, removed and changed in place, checked and saved together. */
function CadencesForm({ cadences }: { cadences: readonly Cadence[] }) {
  const { t } = useTranslation('drillReminders');
  const nameOf = (cadence: Cadence) => cadenceName(t, cadence);
  const save = useSaveCadences();
  const form = useMusterForm(cadencesFormSchema, { cadences: cadenceDrafts(cadences, nameOf) });
  const list = useFieldArray({ control: form.control, name: 'cadences', keyName: 'fieldKey' });
  const drafts = useWatch({ control: form.control, name: 'cadences' });
  const [failure, setFailure] = useState<string | null>(null);
  const dirty = JSON.stringify(cadencesRequest(drafts)) !== JSON.stringify(cadencesRequest(cadenceDrafts(cadences, nameOf)));
  const invalid = Object.keys(form.formState.errors).length > 0;

  const submit = form.handleSubmit((request) => {
    setFailure(null);
    save.mutate(request, {
      onSuccess: (overview) => {
        form.reset({ cadences: cadenceDrafts(overview.cadences, nameOf) });
        toaster.create({ type: 'success', title: t('cadences.saved') });
      },
      onError: (err) => {
        if (!form.setServerErrors(err)) setFailure(errorText(t, err));
      },
    });
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="cadences-form">
      <Stack gap="3">
        {list.fields.length === 0 ? (
          <Text color="fg.muted" data-testid="cadences-empty">
            {t('cadences.noneEditable')}
          </Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" data-testid="cadences-list">
            {list.fields.map((c, i) => (
              <CadenceEditor key={c.fieldKey} form={form} index={i} onRemove={() => list.remove(i)} />
            ))}
          </Stack>
        )}
        {form.message('cadences') && (
          <Text color="fg.error" fontSize="sm">
            {form.message('cadences')}
          </Text>
        )}
        {failure && (
          <Alert.Root status="error" data-testid="cadences-error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        {invalid && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {t('cadences.fix')}
          </Text>
        )}
        <Flex gap="2" wrap="wrap" justify="space-between">
          <Button
            variant="outline"
            size="sm"
            onClick={() => list.append(newCadence(), { shouldFocus: false })}
            disabled={list.fields.length >= REMINDER_LIMITS.cadencesMax}
            data-testid="cadence-add"
          >
            {t('cadences.add')}
          </Button>
          <HStack gap="2">
            {dirty && (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => {
                  form.reset({ cadences: cadenceDrafts(cadences, nameOf) });
                  setFailure(null);
                }}
              >
                {t('discard')}
              </Button>
            )}
            <Button type="submit" colorPalette="brand" size="sm" loading={save.isPending} disabled={!dirty} data-testid="cadences-save">
              {t('cadences.save')}
            </Button>
          </HStack>
        </Flex>
      </Stack>
    </form>
  );
}
