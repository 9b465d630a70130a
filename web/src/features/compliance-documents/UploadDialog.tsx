import { Alert, Button, Input, Link, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_MAX_MB,
  createDocumentQuerySchema,
  DOCUMENT_KINDS,
  DOCUMENT_LIMITS,
  newVersionQuerySchema,
  REVIEW_KINDS,
  UPGRADE_PATH,
  type ComplianceRule,
  type DocumentDetail,
} from '@muster/contracts';
import { useState, type ReactNode } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { z } from 'zod';
import { FormField } from '../../components/form/FormField';
import { RuleChecklist } from '../compliance/RuleChecklist';
import { ChoiceGroup } from '../compliance/ChoiceGroup';
import { toaster } from '../../components/ui/toaster';
import { errorStatus } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { passIssues, useMusterForm } from '../../lib/forms';
import { useUploadDocument, useUploadVersion } from './api';
import { FormDialog } from '../../components/FormDialog';

interface DocumentDraft {
  title: string;
  kind: string;
  tags: string;
  ruleIds: string[];
  effectiveDate: string;
  reviewKind: string;
  reviewDate: string;
  note: string;
}

const today = () => new Date().toISOString().slice(0, 10);

function documentRequest(d: DocumentDraft) {
  return {
    title: d.title,
    kind: d.kind,
    tags: d.tags,
    ruleIds: d.ruleIds,
    effectiveDate: d.effectiveDate,
    reviewKind: d.reviewKind,
    reviewDate: d.reviewDate || null,
    note: d.note || undefined,
  };
}

const documentFormSchema = z.custom<DocumentDraft>().transform((values, ctx) => {
  const parsed = createDocumentQuerySchema.safeParse(documentRequest(values));
  if (parsed.success) return parsed.data;
  passIssues(ctx, parsed.error.issues);
  return z.NEVER;
});

const versionFormSchema = z.custom<Pick<DocumentDraft, 'effectiveDate' | 'reviewDate' | 'note'>>().transform((values, ctx) => {
  const parsed = newVersionQuerySchema.safeParse({
    effectiveDate: values.effectiveDate,
    reviewDate: values.reviewDate || undefined,
    note: values.note || undefined,
  });
  if (parsed.success) return parsed.data;
  passIssues(ctx, parsed.error.issues);
  return z.NEVER;
});

/** A refused upload: past the storage limit (402, with the upgrade link) or any other reason. */
function Refusal({ error }: { error: unknown }) {
  const { t } = useTranslation(['complianceDocuments', 'errors']);
  const status = errorStatus(error);
  return (
    <Alert.Root status={status === 402 ? 'warning' : 'error'} data-testid="upload-refusal" data-status={status ?? undefined}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          <Stack gap="1">
            <Text>{errorText(t, error)}</Text>
            {status === 402 && (
              <Link asChild fontWeight="semibold" data-testid="upload-upgrade">
                <RouterLink to={UPGRADE_PATH}>{t('upload.upgrade')}</RouterLink>
              </Link>
            )}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The file input: checked for size in the browser (the server checks again and reads the type). */
function FilePicker({ file, onChange, error }: { file: File | null; onChange: (file: File | null) => void; error: string | undefined }) {
  const { t } = useTranslation('complianceDocuments');
  return (
    <FormField label={t('upload.file')} error={error} required helperText={t('upload.fileHelp', { max: ATTACHMENT_MAX_MB })}>
      <Input
        type="file"
        accept={ATTACHMENT_ACCEPT}
        p="1"
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        data-testid="upload-file"
      />
      {file && (
        <Text fontSize="sm" color="fg.muted" dir="auto">
          {file.name}
        </Text>
      )}
    </FormField>
  );
}

function useFileChoice() {
  const { t } = useTranslation('complianceDocuments');
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>(undefined);
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setFileError(chosen && chosen.size > ATTACHMENT_MAX_BYTES ? t('upload.tooLarge', { max: ATTACHMENT_MAX_MB }) : undefined);
  };
  const check = (): File | null => {
    if (!file) {
      setFileError(t('upload.fileMissing'));
      return null;
    }
    return fileError ? null : file;
  };
  return { file, fileError, choose, check };
}

function NewDocumentForm({ rules, onDone }: { rules: readonly ComplianceRule[]; onDone: () => void }) {
  const { t } = useTranslation(['complianceDocuments', 'compliance', 'errors']);
  const upload = useUploadDocument();
  const files = useFileChoice();
  const form = useMusterForm(documentFormSchema, {
    title: '',
    kind: 'plan',
    tags: '',
    ruleIds: [],
    effectiveDate: today(),
    reviewKind: 'review',
    reviewDate: '',
    note: '',
  });
  const submit = form.handleSubmit((meta) => {
    const file = files.check();
    if (!file) return;
    upload.mutate(
      { file, meta: { ...meta, reviewDate: meta.reviewDate ?? undefined } },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('upload.done') });
          onDone();
        },
        onError: (err) => void form.setServerErrors(err),
      },
    );
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="upload-form">
      <Stack gap="4">
        {upload.error && <Refusal error={upload.error} />}
        <FilePicker file={files.file} onChange={files.choose} error={files.fileError} />
        <FormField label={t('upload.title')} error={form.message('title')} required>
          <Input {...form.register('title')} maxLength={DOCUMENT_LIMITS.titleMax} dir="auto" data-testid="upload-title" />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label={t('upload.kind')} error={form.message('kind')} required>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('kind')} data-testid="upload-kind">
                {DOCUMENT_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`kinds.${k}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField
            label={t('upload.effectiveDate')}
            error={form.message('effectiveDate')}
            required
            helperText={t('upload.effectiveHelp')}
          >
            <Input type="date" {...form.register('effectiveDate')} data-testid="upload-effective" />
          </FormField>
          <FormField label={t('upload.reviewKind')} error={form.message('reviewKind')}>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('reviewKind')} data-testid="upload-review-kind">
                {REVIEW_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`reviewKinds.${k}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('upload.reviewDate')} error={form.message('reviewDate')} helperText={t('upload.reviewHelp')}>
            <Input type="date" {...form.register('reviewDate')} data-testid="upload-review-date" />
          </FormField>
        </SimpleGrid>
        <FormField
          label={t('upload.tags')}
          error={form.message('tags')}
          helperText={t('upload.tagsHelp', { max: DOCUMENT_LIMITS.tagsMax })}
        >
          <Input {...form.register('tags')} dir="auto" data-testid="upload-tags" />
        </FormField>
        <ChoiceGroup legend={t('upload.rules')} error={form.message('ruleIds')}>
          <Controller
            control={form.control}
            name="ruleIds"
            render={({ field }) => <RuleChecklist rules={rules} value={field.value} onChange={field.onChange} testId="upload-rules" />}
          />
        </ChoiceGroup>
        <FormField label={t('upload.note')} error={form.message('note')}>
          <Input {...form.register('note')} maxLength={DOCUMENT_LIMITS.noteMax} dir="auto" data-testid="upload-note" />
        </FormField>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={upload.isPending} data-testid="upload-submit">
          {t('upload.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** A new version of a document: the file, its effective date, a note, optionally a new review date. */
export function NewVersionForm({ document, onDone }: { document: DocumentDetail; onDone: () => void }) {
  const { t } = useTranslation(['complianceDocuments', 'errors']);
  const upload = useUploadVersion();
  const files = useFileChoice();
  const [failure, setFailure] = useState<unknown>(null);
  const form = useMusterForm(versionFormSchema, { effectiveDate: today(), reviewDate: document.reviewDate ?? '', note: '' });
  const submit = form.handleSubmit((meta) => {
    const file = files.check();
    if (!file) return;
    setFailure(null);
    upload.mutate(
      { id: document.id, file, meta: { ...meta, reviewDate: meta.reviewDate ?? undefined } },
      {
        onSuccess: (detail) => {
          toaster.create({ type: 'success', title: t('version.done', { version: detail.current.version }) });
          form.reset({ effectiveDate: today(), reviewDate: detail.reviewDate ?? '', note: '' });
          files.choose(null);
          onDone();
        },
        onError: (err) => {
          if (!form.setServerErrors(err)) setFailure(err);
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="version-form">
      <Stack gap="4">
        {failure !== null && <Refusal error={failure} />}
        <FilePicker file={files.file} onChange={files.choose} error={files.fileError} />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <FormField label={t('upload.effectiveDate')} error={form.message('effectiveDate')} required>
            <Input type="date" {...form.register('effectiveDate')} data-testid="version-effective" />
          </FormField>
          <FormField label={t(`upload.reviewDate`)} error={form.message('reviewDate')}>
            <Input type="date" {...form.register('reviewDate')} data-testid="version-review-date" />
          </FormField>
        </SimpleGrid>
        <FormField label={t('upload.note')} error={form.message('note')}>
          <Input {...form.register('note')} maxLength={DOCUMENT_LIMITS.noteMax} dir="auto" data-testid="version-note" />
        </FormField>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={upload.isPending} data-testid="version-submit">
          {t('version.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** Uploading a new document (ADMIN, MANAGER). */
export function UploadDialog({ rules, trigger }: { rules: readonly ComplianceRule[]; trigger: ReactNode }) {
  const { t } = useTranslation('complianceDocuments');
  return (
    <FormDialog trigger={trigger} title={t('upload.heading')} testId="upload-dialog" closeLabel={t('close')}>
      {(close) => <NewDocumentForm rules={rules} onDone={close} />}
    </FormDialog>
  );
}
