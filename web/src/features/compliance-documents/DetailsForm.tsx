import { Alert, Button, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import {
  DOCUMENT_KINDS,
  DOCUMENT_LIMITS,
  REVIEW_KINDS,
  updateDocumentSchema,
  type ComplianceRule,
  type DocumentDetail,
} from '@muster/contracts';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { passIssues, useMusterForm } from '../../lib/forms';
import { RuleChecklist } from '../compliance/RuleChecklist';
import { ChoiceGroup } from '../compliance/ChoiceGroup';
import { useUpdateDocument } from './api';

interface DetailsDraft {
  title: string;
  kind: string;
  tags: string;
  ruleIds: string[];
  reviewKind: string;
  reviewDate: string;
}

const detailsFormSchema = z.custom<DetailsDraft>().transform((values, ctx) => {
  const parsed = updateDocumentSchema.safeParse({ ...values, reviewDate: values.reviewDate || null });
  if (parsed.success) return parsed.data;
  passIssues(ctx, parsed.error.issues);
  return z.NEVER;
});

/** A document's title, kind, tags, rules and review date, changed without a new file (ADMIN, MANAGER). */
export function DetailsForm({
  document,
  rules,
  onDone,
}: {
  document: DocumentDetail;
  rules: readonly ComplianceRule[];
  onDone: () => void;
}) {
  const { t } = useTranslation(['complianceDocuments', 'compliance', 'errors']);
  const update = useUpdateDocument();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useMusterForm(detailsFormSchema, {
    title: document.title,
    kind: document.kind,
    tags: document.tags.join(', '),
    ruleIds: document.ruleIds,
    reviewKind: document.reviewKind,
    reviewDate: document.reviewDate ?? '',
  });
  const submit = form.handleSubmit((body) => {
    setFailure(null);
    update.mutate(
      { id: document.id, body },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('details.saved') });
          onDone();
        },
        onError: (err) => {
          if (!form.setServerErrors(err)) setFailure(errorText(t, err));
        },
      },
    );
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="details-form">
      <Stack gap="4">
        {failure && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        <FormField label={t('upload.title')} error={form.message('title')} required>
          <Input {...form.register('title')} maxLength={DOCUMENT_LIMITS.titleMax} dir="auto" data-testid="details-title" />
        </FormField>
        <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
          <FormField label={t('upload.kind')} error={form.message('kind')} required>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('kind')}>
                {DOCUMENT_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`kinds.${k}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('upload.reviewKind')} error={form.message('reviewKind')}>
            <NativeSelect.Root>
              <NativeSelect.Field {...form.register('reviewKind')}>
                {REVIEW_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {t(`reviewKinds.${k}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label={t('upload.reviewDate')} error={form.message('reviewDate')}>
            <Input type="date" {...form.register('reviewDate')} data-testid="details-review-date" />
          </FormField>
        </SimpleGrid>
        <FormField
          label={t('upload.tags')}
          error={form.message('tags')}
          helperText={t('upload.tagsHelp', { max: DOCUMENT_LIMITS.tagsMax })}
        >
          <Input {...form.register('tags')} dir="auto" data-testid="details-tags" />
        </FormField>
        <ChoiceGroup legend={t('upload.rules')} error={form.message('ruleIds')}>
          <Controller
            control={form.control}
            name="ruleIds"
            render={({ field }) => <RuleChecklist rules={rules} value={field.value} onChange={field.onChange} />}
          />
        </ChoiceGroup>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={update.isPending} data-testid="details-submit">
          {t('details.submit')}
        </Button>
      </Stack>
    </form>
  );
}
