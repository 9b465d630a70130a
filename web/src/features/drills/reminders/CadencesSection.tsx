import { Alert, Badge, Button, Card, Checkbox, Flex, HStack, Input, NativeSelect, SimpleGrid, Stack, Switch, Text } from '@chakra-ui/react';
import { CADENCE_KINDS, REMINDER_LIMITS, type Cadence, type CadenceKind } from '@muster/contracts';
import { useId, useState, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';
import { toaster } from '../../../components/ui/toaster';
import { useSaveCadences } from '../api';
import { messagesByPath } from '../quick-create/roster';
import { cadenceName } from '../components';
import { cadenceDrafts, cadencesErrors, cadencesRequest, formatUnit, newCadence, type CadenceDraft } from './rules';
import { errorText, reasonText, serverIssues } from '../../../lib/error-text';

function CadenceEditor({
  cadence,
  index,
  errors,
  onChange,
  onRemove,
}: {
  cadence: CadenceDraft;
  index: number;
  errors: Record<string, string>;
  onChange: (patch: Partial<CadenceDraft>) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation('drillReminders');
  const headingId = useId();
  const tv = (field: string) => {
    const message = errors[`cadences.${String(index)}.${field}`];
    return message ? reasonText(t, message) : undefined;
  };
  return (
    <Card.Root as="li" variant="outline" aria-labelledby={headingId} data-testid="cadence-row">
      <Card.Body gap="4" padding={{ base: '3', md: '4' }}>
        <Flex justify="space-between" align="center" gap="2" wrap="wrap">
          <Text id={headingId} fontWeight="semibold">
            {t('cadences.number', { number: index + 1 })}
          </Text>
          <HStack gap="3">
            <Switch.Root size="sm" colorPalette="brand" checked={cadence.enabled} onCheckedChange={(e) => onChange({ enabled: e.checked })}>
              <Switch.HiddenInput data-testid="cadence-enabled" />
              <Switch.Control />
              <Switch.Label>{t('cadences.enabled')}</Switch.Label>
            </Switch.Root>
            <Button size="xs" variant="ghost" colorPalette="red" onClick={onRemove} data-testid="cadence-remove">
              {t('cadences.remove')}
            </Button>
          </HStack>
        </Flex>
        <FormField label={t('cadences.name')} error={tv('name')} required>
          <Input
            value={cadence.name}
            onChange={(e) => onChange({ name: e.currentTarget.value })}
            maxLength={120}
            dir="auto"
            data-testid="cadence-name"
          />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <FormField label={t('cadences.kind')} error={tv('kind')} helperText={t(`cadences.kindHint.${cadence.kind}`)}>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={cadence.kind}
                onChange={(e) => onChange({ kind: e.currentTarget.value as CadenceKind })}
                data-testid="cadence-kind"
              >
                {CADENCE_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`cadence.kinds.${k}`, { ns: 'drills' })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('cadences.interval')} error={tv('intervalMonths')}>
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={36}
              value={cadence.intervalMonths}
              onChange={(e) => onChange({ intervalMonths: e.currentTarget.value })}
              data-testid="cadence-interval"
            />
          </FormField>
          <FormField label={t('cadences.dueSoon')} error={tv('dueSoonDays')}>
            <Input
              type="number"
              inputMode="numeric"
              min={0}
              max={90}
              value={cadence.dueSoonDays}
              onChange={(e) => onChange({ dueSoonDays: e.currentTarget.value })}
              data-testid="cadence-due-soon"
            />
          </FormField>
        </SimpleGrid>
        <Checkbox.Root size="sm" checked={cadence.calendarYear} onCheckedChange={(e) => onChange({ calendarYear: e.checked === true })}>
          <Checkbox.HiddenInput data-testid="cadence-calendar-year" />
          <Checkbox.Control />
          <Checkbox.Label>{t('cadences.calendarYear')}</Checkbox.Label>
        </Checkbox.Root>
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
  const nameOf = (cadence: Cadence) => cadenceName(t, cadence);
  const save = useSaveCadences();
  const [drafts, setDrafts] = useState(() => cadenceDrafts(cadences, nameOf));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const dirty = JSON.stringify(cadencesRequest(drafts)) !== JSON.stringify(cadencesRequest(cadenceDrafts(cadences, nameOf)));

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

  const change = (key: string, patch: Partial<CadenceDraft>) => {
    const next = drafts.map((d) => (d.key === key ? { ...d, ...patch } : d));
    setDrafts(next);
    if (Object.keys(errors).length) setErrors(cadencesErrors(cadencesRequest(next)));
  };
  const submit = (e: SyntheticEvent) => {
    e.preventDefault();
    setFailure(null);
    const request = cadencesRequest(drafts);
    const found = cadencesErrors(request);
    setErrors(found);
    if (Object.keys(found).length) return;
    save.mutate(request, {
      onSuccess: (overview) => {
        setDrafts(cadenceDrafts(overview.cadences, nameOf));
        toaster.create({ type: 'success', title: t('cadences.saved') });
      },
      onError: (err) => {
        const issues = serverIssues(err);
        if (issues.length > 0) setErrors(messagesByPath(issues));
        else setFailure(errorText(t, err));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="cadences-form">
      <Stack gap="3">
        {drafts.length === 0 ? (
          <Text color="fg.muted" data-testid="cadences-empty">
            {t('cadences.noneEditable')}
          </Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none" data-testid="cadences-list">
            {drafts.map((c, i) => (
              <CadenceEditor
                key={c.key}
                cadence={c}
                index={i}
                errors={errors}
                onChange={(patch) => change(c.key, patch)}
                onRemove={() => setDrafts(drafts.filter((d) => d.key !== c.key))}
              />
            ))}
          </Stack>
        )}
        {errors.cadences && (
          <Text color="fg.error" fontSize="sm">
            {reasonText(t, errors.cadences)}
          </Text>
        )}
        {failure && (
          <Alert.Root status="error" data-testid="cadences-error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        {Object.keys(errors).length > 0 && (
          <Text color="fg.error" fontSize="sm" role="alert">
            {t('cadences.fix')}
          </Text>
        )}
        <Flex gap="2" wrap="wrap" justify="space-between">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setDrafts([...drafts, newCadence()])}
            disabled={drafts.length >= REMINDER_LIMITS.cadencesMax}
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
                  setDrafts(cadenceDrafts(cadences, nameOf));
                  setErrors({});
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
