import { Badge, Button, Checkbox, CloseButton, Dialog, HStack, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { CHAT_LIMITS, cannedResponseInputSchema, type CannedResponse } from '@muster/contracts';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';

import { useMusterForm } from '../../lib/forms';
import { useCannedResponses, useDeleteCannedResponse, useSaveCannedResponse } from './chat-api';
import { errorText } from '../../lib/error-text';

const EMPTY = { shortcut: '', title: '', body: '', shared: false };

function CannedForm({ editing, onDone }: { editing: CannedResponse | null; onDone: () => void }) {
  const { t } = useTranslation('chat');
  const save = useSaveCannedResponse();
  const form = useMusterForm(
    cannedResponseInputSchema,
    editing ? { shortcut: editing.shortcut, title: editing.title, body: editing.body, shared: editing.shared } : EMPTY,
  );
  const submit = form.handleSubmit((data) =>
    save.mutate(
      { id: editing?.id ?? null, body: data },
      {
        onSuccess: () => {
          form.reset(EMPTY);
          onDone();
        },
        onError: (err) => {
          if (!form.setServerErrors(err)) toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
        },
      },
    ),
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="canned-form">
      <Stack gap="3" borderWidth="1px" borderRadius="md" p="3">
        <Text fontWeight="semibold">{editing ? t('canned.editTitle') : t('canned.addTitle')}</Text>
        <HStack gap="3" align="flex-start" wrap="wrap">
          <FormField label={t('canned.shortcut')} error={form.message('shortcut')} helperText={t('canned.shortcutHelp')} required>
            <Input {...form.register('shortcut')} maxLength={CHAT_LIMITS.shortcutMax} dir="ltr" data-testid="canned-shortcut" />
          </FormField>
          <FormField label={t('canned.titleField')} error={form.message('title')} required>
            <Input {...form.register('title')} maxLength={CHAT_LIMITS.cannedTitleMax} data-testid="canned-title" />
          </FormField>
        </HStack>
        <FormField label={t('canned.body')} error={form.message('body')} required>
          <Textarea {...form.register('body')} maxLength={CHAT_LIMITS.cannedBodyMax} rows={3} data-testid="canned-body" />
        </FormField>
        <Controller
          control={form.control}
          name="shared"
          render={({ field }) => (
            <Checkbox.Root name={field.name} checked={field.value === true} onCheckedChange={(e) => field.onChange(e.checked === true)}>
              <Checkbox.HiddenInput ref={field.ref} onBlur={field.onBlur} />
              <Checkbox.Control />
              <Checkbox.Label>{t('canned.shared')}</Checkbox.Label>
            </Checkbox.Root>
          )}
        />
        <HStack gap="2">
          <Button type="submit" size="sm" colorPalette="brand" loading={save.isPending} data-testid="canned-save">
            {t('canned.save')}
          </Button>
          {editing && (
            <Button size="sm" variant="ghost" onClick={onDone}>
              {t('actions.cancel')}
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}

/** Lists, adds, edits and deletes canned responses (personal, or shared with every operator). */
export function CannedResponsesDialog({ myUserId }: { myUserId: string }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<CannedResponse | null>(null);
  const canned = useCannedResponses();
  const remove = useDeleteCannedResponse();
  const items = canned.data ?? [];
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} size={{ base: 'full', md: 'lg' }} scrollBehavior="inside">
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" data-testid="canned-manage">
          {t('canned.manage')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="canned-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('canned.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Text fontSize="sm" color="fg.muted">
                  {t('canned.intro')}
                </Text>
                {canned.isSuccess && items.length === 0 && <Text>{t('canned.empty')}</Text>}
                <Stack as="ul" gap="2" listStyleType="none">
                  {items.map((item) => {
                    const editable = item.shared || item.owner?.id === myUserId;
                    return (
                      <Stack as="li" key={item.id} gap="1" borderBottomWidth="1px" pb="2" data-testid="canned-item">
                        <HStack gap="2" wrap="wrap">
                          <Text fontWeight="semibold" dir="ltr">
                            /{item.shortcut}
                          </Text>
                          <Text>{item.title}</Text>
                          <Badge colorPalette={item.shared ? 'blue' : 'gray'}>
                            {t(item.shared ? 'canned.sharedBadge' : 'canned.personalBadge')}
                          </Badge>
                        </HStack>
                        <Text fontSize="sm" color="fg.muted" whiteSpace="pre-wrap" lineClamp={2}>
                          {item.body}
                        </Text>
                        {editable && (
                          <HStack gap="2">
                            <Button
                              size="xs"
                              variant="ghost"
                              onClick={() => setEditing(item)}
                              aria-label={t('canned.editNamed', { shortcut: item.shortcut })}
                            >
                              {t('canned.edit')}
                            </Button>
                            <Button
                              size="xs"
                              variant="ghost"
                              colorPalette="red"
                              loading={remove.isPending && remove.variables === item.id}
                              onClick={() => remove.mutate(item.id)}
                              aria-label={t('canned.deleteNamed', { shortcut: item.shortcut })}
                            >
                              {t('canned.delete')}
                            </Button>
                          </HStack>
                        )}
                      </Stack>
                    );
                  })}
                </Stack>
                <CannedForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} />
              </Stack>
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('actions.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
