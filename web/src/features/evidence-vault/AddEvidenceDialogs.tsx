import { Alert, Button, Input, Link, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import {
  api,
  createEvidenceLinkSchema,
  EVIDENCE_ACCEPT,
  EVIDENCE_LIMITS,
  EVIDENCE_LINK_KINDS,
  evidenceMetaSchema,
  UPGRADE_PATH,
  type ComplianceRule,
  type EvidenceDetail,
  type EvidenceLinkKind,
  type EvidenceSource,
} from '@muster/contracts';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/form/FormField';
import { ListSkeleton, LoadError } from '../../components/list';
import { toaster } from '../../components/ui/toaster';
import { callEndpoint, errorStatus } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { passIssues, useMusterForm, type MusterForm } from '../../lib/forms';
import { ChoiceGroup } from '../compliance/ChoiceGroup';
import { RuleChecklist } from '../compliance/RuleChecklist';
import { RenderStatus } from '../documents/RenderProgress';
import { useRender } from '../documents/useRender';
import { evidenceKeys, useEvidenceSources, useUploadEvidence } from './api';

const MAX_BYTES = EVIDENCE_LIMITS.maxFileMb * 1024 * 1024;
const today = () => new Date().toISOString().slice(0, 10);

/** What both dialogs ask of every record. */
interface MetaDraft {
  title: string;
  description: string;
  ruleIds: string[];
  from: string;
  to: string;
  facility: string;
}

interface LinkDraft extends MetaDraft {
  kind: EvidenceLinkKind | '';
  objectId: string;
  versionId: string;
}

function metaRequest(d: MetaDraft) {
  return { title: d.title, description: d.description, ruleIds: d.ruleIds, from: d.from, to: d.to, facility: d.facility || undefined };
}

const fileFormSchema = z.custom<MetaDraft>().transform((values, ctx) => {
  const parsed = evidenceMetaSchema.safeParse(metaRequest(values));
  if (parsed.success) return parsed.data;
  passIssues(ctx, parsed.error.issues);
  return z.NEVER;
});

const linkFormSchema = z.custom<LinkDraft>().transform((values, ctx) => {
  const parsed = createEvidenceLinkSchema.safeParse({
    ...metaRequest(values),
    kind: values.kind,
    objectId: values.kind === 'audit_export' ? undefined : values.objectId || undefined,
    versionId: values.kind === 'sop_version' || values.kind === 'document_version' ? values.versionId || undefined : undefined,
  });
  if (parsed.success) return parsed.data;
  passIssues(ctx, parsed.error.issues);
  return z.NEVER;
});

/** A refused addition: past the storage limit (402, with the upgrade link) or any other reason. */
function Refusal({ error }: { error: unknown }) {
  const { t } = useTranslation(['evidence', 'errors']);
  const status = errorStatus(error);
  return (
    <Alert.Root status={status === 402 ? 'warning' : 'error'} data-testid="evidence-refusal" data-status={status ?? undefined}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          <Stack gap="1">
            <Text>{errorText(t, error)}</Text>
            {status === 402 && (
              <Link asChild fontWeight="semibold">
                <RouterLink to={UPGRADE_PATH}>{t('add.upgrade')}</RouterLink>
              </Link>
            )}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Title, description, rules, period and facility: the fields every record has. */
function MetaFields({
  form,
  rules,
  facilities,
  prefix,
}: {
  /** The form of either dialog, seen through the fields they share. */
  form: MusterForm<MetaDraft, unknown>;
  rules: readonly ComplianceRule[];
  facilities: readonly string[];
  prefix: string;
}) {
  const { t } = useTranslation('evidence');
  return (
    <>
      <FormField label={t('add.title')} error={form.message('title')} required>
        <Input {...form.register('title')} maxLength={EVIDENCE_LIMITS.titleMax} dir="auto" data-testid={`${prefix}-title`} />
      </FormField>
      <FormField label={t('add.description')} error={form.message('description')}>
        <Textarea
          {...form.register('description')}
          maxLength={EVIDENCE_LIMITS.descriptionMax}
          rows={3}
          dir="auto"
          data-testid={`${prefix}-description`}
        />
      </FormField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField label={t('add.from')} error={form.message('from')} required>
          <Input type="date" {...form.register('from')} data-testid={`${prefix}-from`} />
        </FormField>
        <FormField label={t('add.to')} error={form.message('to')} required>
          <Input type="date" {...form.register('to')} data-testid={`${prefix}-to`} />
        </FormField>
      </SimpleGrid>
      <FormField label={t('add.facility')} error={form.message('facility')} helperText={t('add.facilityHelp')}>
        <NativeSelect.Root>
          <NativeSelect.Field {...form.register('facility')} data-testid={`${prefix}-facility`}>
            <option value="">{t('add.wholeOrganisation')}</option>
            {facilities.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      <ChoiceGroup legend={t('add.rules')} error={form.message('ruleIds')} required>
        <Controller
          control={form.control}
          name="ruleIds"
          render={({ field }) => <RuleChecklist rules={rules} value={field.value} onChange={field.onChange} testId={`${prefix}-rules`} />}
        />
      </ChoiceGroup>
    </>
  );
}

function AddFileForm({
  rules,
  facilities,
  onDone,
}: {
  rules: readonly ComplianceRule[];
  facilities: readonly string[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['evidence', 'errors']);
  const upload = useUploadEvidence();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const [failure, setFailure] = useState<unknown>(null);
  const form = useMusterForm(fileFormSchema, { title: '', description: '', ruleIds: [], from: today(), to: today(), facility: '' });
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen && chosen.size > MAX_BYTES ? t('add.tooLarge', { max: EVIDENCE_LIMITS.maxFileMb }) : undefined);
  };
  const submit = form.handleSubmit((meta) => {
    if (!file) {
      setFileError(t('add.fileMissing'));
      return;
    }
    if (fileError) return;
    setFailure(null);
    upload.mutate(
      { file, meta: { ...meta, facility: meta.facility ?? undefined } },
      {
        onSuccess: (detail: EvidenceDetail) => {
          toaster.create({ type: 'success', title: t('add.done', { title: detail.title }) });
          onDone();
        },
        onError: (err) => {
          if (!form.setServerErrors(err)) setFailure(err);
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="evidence-file-form">
      <Stack gap="4">
        {failure !== null && <Refusal error={failure} />}
        <FormField label={t('add.file')} error={fileError} required helperText={t('add.fileHelp', { max: EVIDENCE_LIMITS.maxFileMb })}>
          <Input
            type="file"
            accept={EVIDENCE_ACCEPT}
            p="1"
            onChange={(e) => choose(e.target.files?.[0] ?? null)}
            data-testid="evidence-file-input"
          />
          {file && (
            <Text fontSize="sm" color="fg.muted" dir="auto">
              {file.name}
            </Text>
          )}
        </FormField>
        <MetaFields form={form} rules={rules} facilities={facilities} prefix="evidence-file" />
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={upload.isPending} data-testid="evidence-file-submit">
          {t('add.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function sourceOf(items: readonly EvidenceSource[] | undefined, id: string): EvidenceSource | null {
  return items?.find((s) => s.id === id) ?? null;
}

function AddLinkForm({
  rules,
  facilities,
  onDone,
}: {
  rules: readonly ComplianceRule[];
  facilities: readonly string[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['evidence', 'errors']);
  const snapshot = useRender();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useMusterForm(linkFormSchema, {
    kind: '',
    objectId: '',
    versionId: '',
    title: '',
    description: '',
    ruleIds: [],
    from: today(),
    to: today(),
    facility: '',
  });
  const kind = form.watch('kind');
  const objectId = form.watch('objectId');
  const needsObject = kind !== '' && kind !== 'audit_export';
  const sources = useEvidenceSources(needsObject ? kind : null);
  const source = sourceOf(sources.data?.items, objectId);
  const chooseKind = (next: string) => {
    form.setValue('kind', next as LinkDraft['kind']);
    form.setValue('objectId', '');
    form.setValue('versionId', '');
    if (next === 'audit_export' && !form.getValues('title')) form.setValue('title', t('add.auditExportTitle'));
  };
  const chooseObject = (id: string) => {
    form.setValue('objectId', id, { shouldValidate: form.formState.isSubmitted });
    const chosen = sourceOf(sources.data?.items, id);
    form.setValue('versionId', chosen?.versions[0]?.id ?? '');
    if (chosen) {
      form.setValue('title', chosen.label.slice(0, EVIDENCE_LIMITS.titleMax));
      if (chosen.from) form.setValue('from', chosen.from);
      if (chosen.to ?? chosen.from) form.setValue('to', (chosen.to ?? chosen.from)!);
    }
  };
  // The snapshot is made on the render queue: once its render is done, the record is in the vault.
  const { state } = snapshot;
  const busy = state.kind === 'starting' || state.kind === 'working';
  const announced = useRef<string | null>(null);
  useEffect(() => {
    if (state.kind !== 'done' || announced.current === state.render.id) return;
    announced.current = state.render.id;
    void queryClient.invalidateQueries({ queryKey: evidenceKeys.all });
    toaster.create({ type: 'success', title: t('add.done', { title: form.getValues('title') }) });
    onDone();
  }, [state, queryClient, t, form, onDone]);
  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await snapshot.follow(() => callEndpoint(api.evidence.link, { body: { ...body, facility: body.facility ?? undefined } }));
    } catch (err) {
      if (!form.setServerErrors(err)) setFailure(err);
    }
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="evidence-link-form">
      <Stack gap="4">
        {failure !== null && <Refusal error={failure} />}
        <FormField label={t('add.kind')} error={form.message('kind')} required>
          <NativeSelect.Root>
            <NativeSelect.Field value={kind} onChange={(e) => chooseKind(e.currentTarget.value)} data-testid="evidence-link-kind">
              <option value="">{t('add.chooseKind')}</option>
              {EVIDENCE_LINK_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`kinds.${k}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
        {kind === 'audit_export' && (
          <Text fontSize="sm" color="fg.muted">
            {t('add.auditExportHelp')}
          </Text>
        )}
        {needsObject &&
          (sources.isPending ? (
            <ListSkeleton rows={1} testId="evidence-sources-loading" />
          ) : sources.isError ? (
            <LoadError title={t('add.sourcesError')} error={sources.error} onRetry={() => void sources.refetch()} />
          ) : sources.data.items.length === 0 ? (
            <Alert.Root status="info" data-testid="evidence-sources-empty">
              <Alert.Indicator />
              <Alert.Description>{t(`add.noSources.${kind}`)}</Alert.Description>
            </Alert.Root>
          ) : (
            <>
              <FormField label={t('add.object')} error={form.message('objectId')} required>
                <NativeSelect.Root>
                  <NativeSelect.Field
                    value={objectId}
                    onChange={(e) => chooseObject(e.currentTarget.value)}
                    data-testid="evidence-link-object"
                  >
                    <option value="">{t('add.chooseObject')}</option>
                    {sources.data.items.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              {source && source.versions.length > 0 && (
                <FormField label={t('add.version')} error={form.message('versionId')} required>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...form.register('versionId')} data-testid="evidence-link-version">
                      {source.versions.map((v) => (
                        <option key={v.id} value={v.id}>
                          {v.label}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
              )}
            </>
          ))}
        {kind !== '' && (
          <>
            <MetaFields
              form={form as unknown as MusterForm<MetaDraft, unknown>}
              rules={rules}
              facilities={facilities}
              prefix="evidence-link"
            />
            <Text fontSize="sm" color="fg.muted">
              {t('add.snapshotHelp')}
            </Text>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={busy} data-testid="evidence-link-submit">
              {busy ? t('add.snapshotting') : t('add.submit')}
            </Button>
            <RenderStatus state={state} testId="evidence-link" />
          </>
        )}
      </Stack>
    </form>
  );
}

/** "Add file": an uploaded PDF or image with its metadata (ADMIN). */
export function AddFileDialog({
  rules,
  facilities,
  trigger,
}: {
  rules: readonly ComplianceRule[];
  facilities: readonly string[];
  trigger: ReactNode;
}) {
  const { t } = useTranslation('evidence');
  return (
    <FormDialog trigger={trigger} title={t('add.fileHeading')} testId="evidence-file-dialog" closeLabel={t('close')}>
      {(close) => <AddFileForm rules={rules} facilities={facilities} onDone={close} />}
    </FormDialog>
  );
}

/** "Add from Muster": a snapshot of an approved run, an issued packet, an SOP or document version, or the audit chain (ADMIN). */
export function AddLinkDialog({
  rules,
  facilities,
  trigger,
}: {
  rules: readonly ComplianceRule[];
  facilities: readonly string[];
  trigger: ReactNode;
}) {
  const { t } = useTranslation('evidence');
  return (
    <FormDialog trigger={trigger} title={t('add.linkHeading')} testId="evidence-link-dialog" closeLabel={t('close')}>
      {(close) => <AddLinkForm rules={rules} facilities={facilities} onDone={close} />}
    </FormDialog>
  );
}
