import { Button, HStack, Stack, Text, Textarea } from '@chakra-ui/react';
import { createAddendumSchema, RUN_LIMITS, type Addendum } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';
import { formatDateTime } from '../../../lib/format';
import { useMusterForm } from '../../../lib/forms';
import { useAddAddendum } from '../api';
import { Refusal } from './ActionsSection';
import { Section } from './parts';
import { isolate } from '../log-text';
import { errorText } from '../../../lib/error-text';

/**
 * Dated addenda: what was learnt or decided after the drill finished (also after the approval
 * locked the summary), each with its author and date; the lead or an ADMIN/MANAGER adds them.
 */
export function AddendaSection({ runId, addenda, canAdd }: { runId: string; addenda: Addendum[]; canAdd: boolean }) {
  const { t, i18n } = useTranslation(['drillSummary', 'drills']);
  return (
    <Section id="addenda" title={t('sections.addenda')} intro={t('addenda.intro')}>
      <Stack gap="4">
        {addenda.length === 0 ? (
          <Text color="fg.muted">{t('addenda.none')}</Text>
        ) : (
          <Stack as="ol" gap="3" listStyleType="none">
            {addenda.map((a) => (
              <Stack
                as="li"
                key={a.id}
                gap="1"
                borderWidth="1px"
                borderRadius="l2"
                padding="3"
                data-testid="addendum-item"
                _print={{ breakInside: 'avoid' }}
              >
                <Text fontSize="sm" color="fg.muted">
                  {t('addenda.by', { name: isolate(a.author.name), time: formatDateTime(a.createdAt, i18n.resolvedLanguage) })}
                </Text>
                <Text whiteSpace="pre-wrap" wordBreak="break-word" dir="auto">
                  {a.body}
                </Text>
              </Stack>
            ))}
          </Stack>
        )}
        {canAdd && <AddendumForm runId={runId} />}
      </Stack>
    </Section>
  );
}

function AddendumForm({ runId }: { runId: string }) {
  const { t } = useTranslation(['drillSummary', 'drills']);
  const add = useAddAddendum(runId);
  const form = useMusterForm(createAddendumSchema, { body: '' });
  const [refusal, setRefusal] = useState<string | null>(null);
  const submit = form.handleSubmit((body) => {
    setRefusal(null);
    add.mutate(body, {
      // The addendum appears in the list above; no toast over the form's controls.
      onSuccess: () => form.reset(),
      onError: (err) => {
        if (!form.setServerErrors(err)) setRefusal(errorText(t, err));
      },
    });
  });
  return (
    <form noValidate onSubmit={(e) => void submit(e)} data-testid="addendum-form">
      <Stack gap="3" _print={{ display: 'none' }}>
        <FormField label={t('addenda.label')} error={form.message('body')} helperText={t('addenda.help')} required>
          <Textarea {...form.register('body')} rows={4} maxLength={RUN_LIMITS.addendumMax} dir="auto" data-testid="addendum-body" />
        </FormField>
        {refusal && <Refusal testId="addendum-error">{refusal}</Refusal>}
        <HStack justify="flex-end">
          <Button type="submit" colorPalette="brand" loading={add.isPending} data-testid="addendum-submit">
            {t('addenda.submit')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
