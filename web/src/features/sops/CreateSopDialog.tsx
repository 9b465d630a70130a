import { Button, CloseButton, Dialog, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { createSopSchema, SOP_LIMITS, SOP_TEMPLATE_IDS, type CreateSopRequest, type SopDetail } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../components/form/FormField';
import { errorStatus } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { passIssues, useMusterForm } from '../../lib/forms';
import { useCreateSop } from './api';

/** The form's values: a template id or '' for a blank SOP (then its title is asked); checked by the request's schema. */
const formSchema = z.object({ templateId: z.enum(['', ...SOP_TEMPLATE_IDS]), title: z.string() }).superRefine((value, ctx) => {
  const result = createSopSchema.safeParse(requestOf(value));
  if (!result.success) passIssues(ctx, result.error.issues);
});

function requestOf(value: { templateId: string; title: string }): CreateSopRequest {
  return { templateId: (value.templateId || null) as CreateSopRequest['templateId'], title: value.title };
}

/** A new SOP from a built-in template (written in the creator's language) or blank. */
export function CreateSopDialog({ onCreated }: { onCreated: (sop: SopDetail) => void }) {
  const { t } = useTranslation(['sops', 'common']);
  const [open, setOpen] = useState(false);
  const create = useCreateSop();
  const form = useMusterForm(formSchema, { templateId: 'fire', title: '' });
  const blank = form.watch('templateId') === '';
  const submit = form.handleSubmit((body) =>
    create.mutate(requestOf(body), {
      onSuccess: (sop) => {
        setOpen(false);
        form.reset();
        onCreated(sop);
      },
      onError: (err) => void form.setServerErrors(err),
    }),
  );
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} size={{ base: 'full', sm: 'md' }} lazyMount unmountOnExit>
      <Dialog.Trigger asChild>
        <Button colorPalette="brand" data-testid="sop-create-open">
          {t('create.open')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '0', sm: '3' }}>
          <Dialog.Content data-testid="sop-create-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('create.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <form noValidate onSubmit={(e) => void submit(e)} data-testid="sop-create-form">
                <Stack gap="4">
                  <Text color="fg.muted" fontSize="sm">
                    {t('create.intro')}
                  </Text>
                  {create.error && errorStatus(create.error) !== 400 && (
                    <Text color="fg.error" role="alert">
                      {errorText(t, create.error)}
                    </Text>
                  )}
                  <FormField label={t('create.template')} error={form.message('templateId')}>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...form.register('templateId')} data-testid="sop-create-template">
                        {SOP_TEMPLATE_IDS.map((id) => (
                          <option key={id} value={id}>
                            {t(`templates.${id}`)}
                          </option>
                        ))}
                        <option value="">{t('create.blank')}</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </FormField>
                  {blank && (
                    <FormField label={t('create.name')} error={form.message('title')} required>
                      <Input {...form.register('title')} maxLength={SOP_LIMITS.titleMax} dir="auto" data-testid="sop-create-title" />
                    </FormField>
                  )}
                  <Button
                    type="submit"
                    colorPalette="brand"
                    alignSelf="flex-start"
                    loading={create.isPending}
                    data-testid="sop-create-submit"
                  >
                    {t('create.submit')}
                  </Button>
                </Stack>
              </form>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('create.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
