import {
  Alert,
  Button,
  Checkbox,
  CloseButton,
  Dialog,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  Portal,
  SegmentGroup,
  Stack,
  Textarea,
} from '@chakra-ui/react';
import {
  createSamlProviderSchema,
  SAML_LIMITS,
  SAML_ROLES,
  updateSamlProviderSchema,
  type CreateSamlProviderInput,
  type SamlProvider,
  type SamlRole,
  type UpdateSamlProviderInput,
} from '@muster/contracts';
import { useMemo, useState, type ChangeEvent } from 'react';
import { Controller, useFieldArray } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { passIssues, useMusterForm } from '../../lib/forms';
import { useCreateProvider, useUpdateProvider } from './api';

type Source = 'xml' | 'url' | 'manual';

interface ProviderValues {
  source: Source;
  name: string;
  metadataXml: string;
  metadataUrl: string;
  idpEntityId: string;
  ssoUrl: string;
  sloUrl: string;
  certificate: string;
  emailDomains: string;
  defaultRole: SamlRole;
  groupAttribute: string;
  groupMappings: { group: string; role: SamlRole }[];
  allowIdpInitiated: boolean;
}

const domainsOf = (text: string) =>
  text
    .split(/[\s,;]+/)
    .map((d) => d.trim())
    .filter(Boolean);

/** The form's values as the contracts' create body (only the chosen source's fields). */
export function createInputOf(v: ProviderValues): CreateSamlProviderInput {
  const domains = domainsOf(v.emailDomains);
  const source =
    v.source === 'xml'
      ? { metadataXml: v.metadataXml }
      : v.source === 'url'
        ? { metadataUrl: v.metadataUrl }
        : { idpEntityId: v.idpEntityId, ssoUrl: v.ssoUrl, sloUrl: v.sloUrl, certificates: v.certificate.trim() ? [v.certificate] : [] };
  return {
    name: v.name,
    ...source,
    emailDomains: domains,
    defaultRole: v.defaultRole,
    groupAttribute: v.groupAttribute,
    groupMappings: v.groupMappings.filter((m) => m.group.trim()),
    allowIdpInitiated: v.allowIdpInitiated,
  };
}

/**
 * The form's values as the update body of `provider`: its settings, and the IdP's side only where
 * the admin gave something new — metadata pasted, another metadata URL, or the manual fields (an
 * empty certificate box keeps the certificates it has).
 */
export function updateInputOf(v: ProviderValues, provider: SamlProvider): UpdateSamlProviderInput {
  const source =
    v.source === 'xml'
      ? v.metadataXml.trim()
        ? { metadataXml: v.metadataXml }
        : {}
      : v.source === 'url'
        ? v.metadataUrl !== (provider.metadataUrl ?? '') || provider.metadataSource !== 'url'
          ? { metadataUrl: v.metadataUrl }
          : {}
        : {
            idpEntityId: v.idpEntityId,
            ssoUrl: v.ssoUrl,
            sloUrl: v.sloUrl,
            ...(v.certificate.trim() ? { certificates: [v.certificate] } : {}),
          };
  return {
    name: v.name,
    ...source,
    emailDomains: domainsOf(v.emailDomains),
    defaultRole: v.defaultRole,
    groupAttribute: v.groupAttribute,
    groupMappings: v.groupMappings.filter((m) => m.group.trim()),
    allowIdpInitiated: v.allowIdpInitiated,
  };
}

const createSchema = z.custom<ProviderValues>().transform((values, ctx) => {
  const result = createSamlProviderSchema.safeParse(createInputOf(values));
  if (result.success) return createInputOf(values);
  passIssues(ctx, result.error.issues);
  return z.NEVER;
});

const updateSchemaOf = (provider: SamlProvider) =>
  z.custom<ProviderValues>().transform((values, ctx) => {
    const body = updateInputOf(values, provider);
    const result = updateSamlProviderSchema.safeParse(body);
    if (result.success) return body;
    passIssues(ctx, result.error.issues);
    return z.NEVER;
  });

/** The form filled with a provider's settings; the metadata and certificate boxes start empty. */
const valuesOf = (provider: SamlProvider): ProviderValues => ({
  source: provider.metadataSource,
  name: provider.name,
  metadataXml: '',
  metadataUrl: provider.metadataUrl ?? '',
  idpEntityId: provider.idpEntityId,
  ssoUrl: provider.ssoUrl,
  sloUrl: provider.sloUrl ?? '',
  certificate: '',
  emailDomains: provider.emailDomains.join(', '),
  defaultRole: provider.defaultRole,
  groupAttribute: provider.groupAttribute,
  groupMappings: provider.groupMappings.map((m) => ({ group: m.group, role: m.role })),
  allowIdpInitiated: provider.allowIdpInitiated,
});

const EMPTY: ProviderValues = {
  source: 'xml',
  name: '',
  metadataXml: '',
  metadataUrl: '',
  idpEntityId: '',
  ssoUrl: '',
  sloUrl: '',
  certificate: '',
  emailDomains: '',
  defaultRole: 'USER',
  groupAttribute: 'groups',
  groupMappings: [],
  allowIdpInitiated: false,
};

function ProviderForm({ provider, onDone }: { provider?: SamlProvider; onDone: () => void }) {
  const { t } = useTranslation(['saml', 'common']);
  const create = useCreateProvider();
  const update = useUpdateProvider();
  const saving = create.isPending || update.isPending;
  const [failure, setFailure] = useState<string | null>(null);
  const schema: z.ZodType<CreateSamlProviderInput | UpdateSamlProviderInput, ProviderValues> = useMemo(
    () => (provider ? updateSchemaOf(provider) : createSchema),
    [provider],
  );
  const form = useMusterForm(
    schema,
    useMemo(() => (provider ? valuesOf(provider) : EMPTY), [provider]),
  );
  const mappings = useFieldArray({ control: form.control, name: 'groupMappings' });
  const source = form.watch('source');

  const readFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    if (file.size > SAML_LIMITS.maxXmlBytes) {
      setFailure(t('errors:saml.tooLarge'));
      return;
    }
    void file.text().then((text) => form.setValue('metadataXml', text, { shouldDirty: true }));
  };

  const submit = form.handleSubmit((body) => {
    setFailure(null);
    const callbacks = {
      onSuccess: (saved: SamlProvider) => {
        toaster.create({ type: 'success', title: t(provider ? 'form.updated' : 'form.saved', { name: saved.name }) });
        onDone();
      },
      onError: (err: unknown) => {
        if (!form.setServerErrors(err)) setFailure(errorText(t, err));
      },
    };
    if (provider) update.mutate({ id: provider.id, body }, callbacks);
    else create.mutate(body as CreateSamlProviderInput, callbacks);
  });

  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="saml-provider-form">
      <Stack gap="4">
        {failure && (
          <Alert.Root status="error" data-testid="saml-form-error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        <FormField label={t('form.name')} error={form.message('name')} required>
          <Input {...form.register('name')} data-testid="saml-name" />
        </FormField>
        <Controller
          control={form.control}
          name="source"
          render={({ field }) => (
            <SegmentGroup.Root value={field.value} onValueChange={(d) => field.onChange(d.value)} size="sm" data-testid="saml-source">
              <SegmentGroup.Indicator />
              <SegmentGroup.Items
                items={[
                  { value: 'xml', label: t('form.sourceXml') },
                  { value: 'url', label: t('form.sourceUrl') },
                  { value: 'manual', label: t('form.sourceManual') },
                ]}
              />
            </SegmentGroup.Root>
          )}
        />
        {source === 'xml' && (
          <Stack gap="2">
            <FormField
              label={t('form.metadataXml')}
              error={form.message('metadataXml') ?? form.message('_')}
              helperText={t(provider ? 'form.metadataXmlKeep' : 'form.metadataXmlHelp')}
            >
              <Textarea
                {...form.register('metadataXml')}
                rows={6}
                dir="ltr"
                fontFamily="mono"
                fontSize="xs"
                data-testid="saml-metadata-xml"
              />
            </FormField>
            <FormField label={t('form.metadataFile')}>
              <Input type="file" accept=".xml,application/xml,text/xml" onChange={readFile} p="1" data-testid="saml-metadata-file" />
            </FormField>
          </Stack>
        )}
        {source === 'url' && (
          <FormField
            label={t('form.metadataUrl')}
            error={form.message('metadataUrl') ?? form.message('_')}
            helperText={t('form.metadataUrlHelp')}
          >
            <Input {...form.register('metadataUrl')} type="url" dir="ltr" data-testid="saml-metadata-url" />
          </FormField>
        )}
        {source === 'manual' && (
          <Stack gap="3">
            <FormField label={t('form.idpEntityId')} error={form.message('idpEntityId')} required>
              <Input {...form.register('idpEntityId')} dir="ltr" />
            </FormField>
            <FormField label={t('form.ssoUrl')} error={form.message('ssoUrl')} required>
              <Input {...form.register('ssoUrl')} type="url" dir="ltr" />
            </FormField>
            <FormField label={t('form.sloUrl')} error={form.message('sloUrl')}>
              <Input {...form.register('sloUrl')} type="url" dir="ltr" />
            </FormField>
            <FormField
              label={t('form.certificate')}
              error={form.message('certificate') ?? form.message('_')}
              helperText={provider ? t('form.certificateKeep') : undefined}
              required={!provider}
            >
              <Textarea {...form.register('certificate')} rows={4} dir="ltr" fontFamily="mono" fontSize="xs" />
            </FormField>
          </Stack>
        )}
        <FormField label={t('form.emailDomains')} error={form.message('emailDomains')} helperText={t('form.emailDomainsHelp')}>
          <Input {...form.register('emailDomains')} dir="ltr" placeholder="harborpoint.example" data-testid="saml-domains" />
        </FormField>
        <HStack gap="3" align="flex-start" flexWrap="wrap">
          <FormField label={t('form.defaultRole')}>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('defaultRole')}>
                {SAML_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {t(`common:roles.${r}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('form.groupAttribute')} error={form.message('groupAttribute')}>
            <Input {...form.register('groupAttribute')} dir="ltr" />
          </FormField>
        </HStack>
        <Stack gap="2">
          <FormField label={t('form.mappings')} helperText={t('form.mappingsHelp')}>
            <Stack gap="2">
              {mappings.fields.map((field, index) => (
                <HStack key={field.id} gap="2">
                  <Input
                    {...form.register(`groupMappings.${index}.group`)}
                    placeholder={t('form.group')}
                    aria-label={t('form.group')}
                    dir="ltr"
                  />
                  <NativeSelect.Root width="44">
                    <NativeSelect.Field {...form.register(`groupMappings.${index}.role`)} aria-label={t('form.role')}>
                      {SAML_ROLES.map((r) => (
                        <option key={r} value={r}>
                          {t(`common:roles.${r}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <IconButton aria-label={t('form.removeMapping')} variant="ghost" onClick={() => mappings.remove(index)}>
                    ×
                  </IconButton>
                </HStack>
              ))}
              <Button
                size="sm"
                variant="outline"
                alignSelf="flex-start"
                onClick={() => mappings.append({ group: '', role: 'USER' })}
                disabled={mappings.fields.length >= SAML_LIMITS.mappingsMax}
              >
                {t('form.addMapping')}
              </Button>
            </Stack>
          </FormField>
        </Stack>
        <Controller
          control={form.control}
          name="allowIdpInitiated"
          render={({ field }) => (
            <Checkbox.Root checked={field.value} onCheckedChange={(d) => field.onChange(d.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('form.allowIdpInitiated')}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        <HStack justify="flex-end" gap="2">
          <Button variant="ghost" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" colorPalette="brand" loading={saving} data-testid="saml-save">
            {t('form.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/**
 * Adding an identity provider (from its metadata: pasted, uploaded or a URL; or by hand), or
 * editing `provider`.
 */
export function ProviderDialog({
  open,
  onOpenChange,
  provider,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  provider?: SamlProvider;
}) {
  const { t } = useTranslation('saml');
  return (
    <Dialog.Root open={open} onOpenChange={(d) => onOpenChange(d.open)} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="saml-dialog">
            <Dialog.Header>
              <Dialog.Title>{provider ? t('form.editTitle', { name: provider.name }) : t('form.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{open && <ProviderForm provider={provider} onDone={() => onOpenChange(false)} />}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
