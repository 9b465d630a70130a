import { Button, CloseButton, Dialog, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { CHAT_LIMITS, transferChatSchema } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form/FormField';
import { toaster } from '../../components/ui/toaster';

import { useMusterForm } from '../../lib/forms';
import { useOperators, useTransferChat } from './chat-api';
import { errorText } from '../../lib/error-text';

/** Hands the chat to another online operator, with a note for them. */
export function TransferDialog({ chatId, myUserId }: { chatId: string; myUserId: string }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  const operators = useOperators(open);
  const transfer = useTransferChat();
  const form = useMusterForm(transferChatSchema, { operatorId: '', note: '' });
  const candidates = (operators.data ?? []).filter((o) => o.userId !== myUserId && o.presence === 'online');

  const submit = form.handleSubmit((data) =>
    transfer.mutate(
      { chatId, body: { operatorId: data.operatorId, ...(data.note ? { note: data.note } : {}) } },
      {
        onSuccess: (chat) => {
          setOpen(false);
          form.reset();
          toaster.create({ type: 'success', title: t('transfer.done', { name: chat.operator?.name ?? '' }) });
        },
        onError: (err) => {
          if (!form.setServerErrors(err)) toaster.create({ type: 'error', title: t('common:error.title'), description: errorText(t, err) });
        },
      },
    ),
  );

  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)}>
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" data-testid="chat-transfer">
          {t('transfer.open')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content asChild>
            <form onSubmit={(e) => void submit(e)} noValidate data-testid="transfer-dialog">
              <Dialog.Header>
                <Dialog.Title>{t('transfer.title')}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {operators.isSuccess && candidates.length === 0 && <Text color="fg.muted">{t('transfer.nobody')}</Text>}
                  <FormField label={t('transfer.operator')} error={form.message('operatorId')} required>
                    <NativeSelect.Root>
                      <NativeSelect.Field {...form.register('operatorId')} data-testid="transfer-operator">
                        <option value="">{t('transfer.choose')}</option>
                        {candidates.map((o) => (
                          <option key={o.userId} value={o.userId}>
                            {t('transfer.option', { name: o.name, active: o.activeChats, capacity: o.capacity })}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </FormField>
                  <FormField label={t('transfer.note')} error={form.message('note')} helperText={t('transfer.noteHelp')}>
                    <Textarea {...form.register('note')} maxLength={CHAT_LIMITS.noteMax} rows={3} data-testid="transfer-note" />
                  </FormField>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Dialog.ActionTrigger asChild>
                  <Button variant="outline">{t('actions.cancel')}</Button>
                </Dialog.ActionTrigger>
                <Button type="submit" colorPalette="brand" loading={transfer.isPending} data-testid="transfer-submit">
                  {t('transfer.submit')}
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('actions.close')} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
