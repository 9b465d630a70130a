import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  Fieldset,
  Input,
  NativeSelect,
  Portal,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  createSiemDestinationSchema,
  OCSF_CLASS_UIDS,
  OCSF_SEVERITY_IDS,
  SIEM_FORMATS,
  SIEM_LIMITS,
  updateSiemDestinationSchema,
  type CreateSiemDestinationInput,
  type SiemDestination,
  type SiemSecretReveal,
  type UpdateSiemDestinationInput,
} from '@muster/contracts';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { useZodForm, type SafeParseSchema } from '../../lib/useZodForm';
import { useAuditText } from '../audit/audit-text';
import { useCreateDestination, useUpdateDestination } from './api';
import { createInput, formValuesOf, updateInput, type DestinationFormValues } from './labels';
import { errorText, reasonText } from '../../lib/error-text';

/** An update with nothing in it: the form says so instead of sending it. */
const NOTHING = Symbol('nothing to change');

function DestinationForm({
  destination,
  onDone,
  onCreated,
}: {
  destination?: SiemDestination;
  onDone: () => void;
  onCreated: (reveal: SiemSecretReveal) => void;
}) {
  const audit = useAuditText();
  const { t } = useTranslation(['siem', 'audit', 'common']);
  const create = useCreateDestination();
  const update = useUpdateDestination();
  const [classes, setClasses] = useState<number[]>(() => [...(destination?.classUids ?? [])]);
  const [removeAuthorization, setRemoveAuthorization] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const current = useRef({ classes, removeAuthorization });
  current.current = { classes, removeAuthorization };

  // The contracts' schemas check the text fields together with the checked event classes.
  const schema: SafeParseSchema<{ create: CreateSiemDestinationInput } | { update: UpdateSiemDestinationInput | typeof NOTHING }> = {
    safeParse: (data: unknown) => {
      const values = data as DestinationFormValues;
      if (!destination) {
        const result = createSiemDestinationSchema.safeParse(createInput(values, current.current.classes));
        return result.success ? { success: true, data: { create: result.data } } : result;
      }
      const body = updateInput(destination, values, current.current.classes, current.current.removeAuthorization);
      if (Object.keys(body).length === 0) return { success: true, data: { update: NOTHING } };
      const result = updateSiemDestinationSchema.safeParse(body);
      return result.success ? { success: true, data: { update: body } } : result;
    },
  };
  const form = useZodForm(schema, formValuesOf(destination));

  const onError = (err: unknown) => {
    if (!form.setServerErrors(err)) setFailure(errorText(t, err));
  };
  const submit = form.handleSubmit((data) => {
    setFailure(null);
    if ('create' in data) {
      create.mutate(data.create, {
        onSuccess: (reveal) => {
          onCreated(reveal);
          onDone();
        },
        onError,
      });
      return;
    }
    if (data.update === NOTHING || !destination) {
      setFailure(reasonText(t, 'validation.nothingToChange'));
      return;
    }
    update.mutate(
      { id: destination.id, body: data.update },
      {
        onSuccess: (saved) => {
          toaster.create({ type: 'success', title: t('form.saved', { name: saved.name }) });
          onDone();
        },
        onError,
      },
    );
  });
  const toggleClass = (uid: number, on: boolean) =>
    setClasses((list) => (on ? [...list.filter((c) => c !== uid), uid] : list.filter((c) => c !== uid)));

  return (
    <form onSubmit={submit} noValidate data-testid="siem-form" style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          {failure && (
            <Alert.Root status="error" data-testid="siem-form-error">
              <Alert.Indicator />
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Root>
          )}
          <FormField label={t('form.name')} error={form.errors.name} required>
            <Input {...form.field('name')} maxLength={SIEM_LIMITS.nameMax} dir="auto" autoComplete="off" data-testid="siem-name" />
          </FormField>
          <FormField label={t('form.url')} error={form.errors.url} helperText={t('form.urlHelp')} required>
            <Input
              {...form.field('url')}
              type="url"
              inputMode="url"
              dir="ltr"
              spellCheck={false}
              autoComplete="off"
              maxLength={SIEM_LIMITS.urlMax}
              placeholder="https://siem.example.com/hooks/muster"
              data-testid="siem-url"
            />
          </FormField>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            <FormField
              label={t('form.format')}
              error={form.errors.format}
              helperText={t(`formatHelp.${form.values.format}`, { defaultValue: '' })}
              required
            >
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="format"
                  value={form.values.format}
                  onChange={(e) => form.setValue('format', e.currentTarget.value)}
                  data-testid="siem-format"
                >
                  {SIEM_FORMATS.map((f) => (
                    <option key={f} value={f}>
                      {t(`formats.${f}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label={t('form.minSeverity')} error={form.errors.minSeverityId} helperText={t('form.minSeverityHelp')}>
              <NativeSelect.Root>
                <NativeSelect.Field
                  name="minSeverityId"
                  value={form.values.minSeverityId}
                  onChange={(e) => form.setValue('minSeverityId', e.currentTarget.value)}
                  data-testid="siem-severity"
                >
                  {OCSF_SEVERITY_IDS.map((id) => (
                    <option key={id} value={String(id)}>
                      {audit.severity(id)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
          </SimpleGrid>
          <Fieldset.Root>
            <Fieldset.Legend fontSize="sm" fontWeight="medium">
              {t('form.classes')}
            </Fieldset.Legend>
            <Fieldset.HelperText>{t('form.classesHelp')}</Fieldset.HelperText>
            <Fieldset.Content>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                {OCSF_CLASS_UIDS.map((uid) => (
                  <Checkbox.Root key={uid} checked={classes.includes(uid)} onCheckedChange={(e) => toggleClass(uid, e.checked === true)}>
                    <Checkbox.HiddenInput data-testid={`siem-class-${String(uid)}`} />
                    <Checkbox.Control />
                    <Checkbox.Label>{audit.className(uid)}</Checkbox.Label>
                  </Checkbox.Root>
                ))}
              </SimpleGrid>
            </Fieldset.Content>
          </Fieldset.Root>
          <FormField
            label={t('form.authorization')}
            error={form.errors.authorization}
            helperText={destination?.hasAuthorization ? t('form.authorizationKeep') : t('form.authorizationHelp')}
          >
            <Input
              {...form.field('authorization')}
              type="password"
              dir="ltr"
              autoComplete="off"
              spellCheck={false}
              maxLength={SIEM_LIMITS.authorizationMax}
              placeholder="Splunk 01234567-89ab-cdef-0123-456789abcdef"
              disabled={removeAuthorization}
              data-testid="siem-authorization"
            />
          </FormField>
          {destination?.hasAuthorization && (
            <Checkbox.Root checked={removeAuthorization} onCheckedChange={(e) => setRemoveAuthorization(e.checked === true)}>
              <Checkbox.HiddenInput data-testid="siem-remove-authorization" />
              <Checkbox.Control />
              <Checkbox.Label>{t('form.removeAuthorization')}</Checkbox.Label>
            </Checkbox.Root>
          )}
          {!destination && (
            <Text fontSize="sm" color="fg.muted">
              {t('form.secretNote')}
            </Text>
          )}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">{t('actions.cancel')}</Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="brand" loading={create.isPending || update.isPending} data-testid="siem-submit">
          {destination ? t('form.save') : t('form.create')}
        </Button>
      </Dialog.Footer>
    </form>
  );
}

/** Adds a destination (no `destination`) or changes one, in a dialog. */
export function DestinationDialog({
  open,
  onOpenChange,
  destination,
  onCreated,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  destination?: SiemDestination;
  onCreated: (reveal: SiemSecretReveal) => void;
}) {
  const { t } = useTranslation('siem');
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => onOpenChange(e.open)}
      size={{ base: 'full', md: 'lg' }}
      scrollBehavior="inside"
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="siem-dialog">
            <Dialog.Header>
              <Dialog.Title>{destination ? t('form.editTitle', { name: destination.name }) : t('form.addTitle')}</Dialog.Title>
            </Dialog.Header>
            <DestinationForm destination={destination} onDone={() => onOpenChange(false)} onCreated={onCreated} />
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('actions.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
