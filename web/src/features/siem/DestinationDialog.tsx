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
import { useMemo, useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { passIssues, useMusterForm } from '../../lib/forms';
import { useAuditText } from '../audit/audit-text';
import { useCreateDestination, useUpdateDestination } from './api';
import { createInput, formValuesOf, updateInput, type DestinationFormValues } from './labels';
import { errorText, reasonText } from '../../lib/error-text';

/** An update with nothing in it: the form says so instead of sending it. */
const NOTHING = Symbol('nothing to change');

/** The form's values: the text fields, the checked event classes, and whether to drop the header. */
interface DestinationValues extends DestinationFormValues {
  classUids: number[];
  removeAuthorization: boolean;
}

type Checked = { create: CreateSiemDestinationInput } | { update: UpdateSiemDestinationInput | typeof NOTHING };

/** The contracts' schemas check the text fields together with the checked event classes. */
function destinationSchema(destination: SiemDestination | undefined) {
  return z.custom<DestinationValues>().transform((values, ctx): Checked => {
    if (!destination) {
      const result = createSiemDestinationSchema.safeParse(createInput(values, values.classUids));
      if (result.success) return { create: result.data };
      passIssues(ctx, result.error.issues);
      return z.NEVER;
    }
    const body = updateInput(destination, values, values.classUids, values.removeAuthorization);
    if (Object.keys(body).length === 0) return { update: NOTHING };
    const result = updateSiemDestinationSchema.safeParse(body);
    if (result.success) return { update: body };
    passIssues(ctx, result.error.issues);
    return z.NEVER;
  });
}

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
  const [failure, setFailure] = useState<string | null>(null);
  const schema = useMemo(() => destinationSchema(destination), [destination]);
  const form = useMusterForm(schema, {
    ...formValuesOf(destination),
    classUids: [...(destination?.classUids ?? [])],
    removeAuthorization: false,
  });
  const removeAuthorization = form.watch('removeAuthorization');

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

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="siem-form" style={{ display: 'contents' }}>
      <Dialog.Body>
        <Stack gap="4">
          {failure && (
            <Alert.Root status="error" data-testid="siem-form-error">
              <Alert.Indicator />
              <Alert.Description>{failure}</Alert.Description>
            </Alert.Root>
          )}
          <FormField label={t('form.name')} error={form.message('name')} required>
            <Input {...form.register('name')} maxLength={SIEM_LIMITS.nameMax} dir="auto" autoComplete="off" data-testid="siem-name" />
          </FormField>
          <FormField label={t('form.url')} error={form.message('url')} helperText={t('form.urlHelp')} required>
            <Input
              {...form.register('url')}
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
              error={form.message('format')}
              helperText={t(`formatHelp.${form.watch('format')}`, { defaultValue: '' })}
              required
            >
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register('format')} data-testid="siem-format">
                  {SIEM_FORMATS.map((f) => (
                    <option key={f} value={f}>
                      {t(`formats.${f}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </FormField>
            <FormField label={t('form.minSeverity')} error={form.message('minSeverityId')} helperText={t('form.minSeverityHelp')}>
              <NativeSelect.Root>
                <NativeSelect.Field {...form.register('minSeverityId')} data-testid="siem-severity">
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
              <Controller
                control={form.control}
                name="classUids"
                render={({ field }) => (
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="2">
                    {OCSF_CLASS_UIDS.map((uid, i) => (
                      <Checkbox.Root
                        key={uid}
                        checked={field.value.includes(uid)}
                        onCheckedChange={(e) =>
                          field.onChange(
                            e.checked === true ? [...field.value.filter((c) => c !== uid), uid] : field.value.filter((c) => c !== uid),
                          )
                        }
                      >
                        <Checkbox.HiddenInput
                          ref={i === 0 ? field.ref : undefined}
                          onBlur={field.onBlur}
                          data-testid={`siem-class-${String(uid)}`}
                        />
                        <Checkbox.Control />
                        <Checkbox.Label>{audit.className(uid)}</Checkbox.Label>
                      </Checkbox.Root>
                    ))}
                  </SimpleGrid>
                )}
              />
            </Fieldset.Content>
          </Fieldset.Root>
          <FormField
            label={t('form.authorization')}
            error={form.message('authorization')}
            helperText={destination?.hasAuthorization ? t('form.authorizationKeep') : t('form.authorizationHelp')}
          >
            <Input
              {...form.register('authorization')}
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
            <Controller
              control={form.control}
              name="removeAuthorization"
              render={({ field }) => (
                <Checkbox.Root name={field.name} checked={field.value} onCheckedChange={(e) => field.onChange(e.checked === true)}>
                  <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} data-testid="siem-remove-authorization" />
                  <Checkbox.Control />
                  <Checkbox.Label>{t('form.removeAuthorization')}</Checkbox.Label>
                </Checkbox.Root>
              )}
            />
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
