import { Alert, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { DrillRunSummary } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/ui/toaster';
import { formatDateTime } from '../../../lib/format';
import { useCancelRun } from '../api';
import { errorText } from '../../../lib/error-text';

/** Cancels a run that has not finished, after a confirmation (its reminders are removed). */
export function CancelRunDialog({ run }: { run: DrillRunSummary }) {
  const { t, i18n } = useTranslation('drillRuns');
  const [open, setOpen] = useState(false);
  const cancel = useCancelRun(run.id);
  const confirm = () =>
    cancel.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toaster.create({ type: 'success', title: t('cancel.done', { title: run.title }) });
      },
    });
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (!e.open) cancel.reset();
      }}
      role="alertdialog"
      lazyMount
      unmountOnExit
    >
      <Dialog.Trigger asChild>
        <Button size="sm" variant="ghost" colorPalette="red" data-testid="run-cancel">
          {t('actions.cancelRun')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner paddingX="3">
          <Dialog.Content data-testid="cancel-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('cancel.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{t('cancel.text', { title: run.title, when: formatDateTime(run.scheduledAt, i18n.resolvedLanguage) })}</Text>
                {run.status !== 'scheduled' && <Text color="fg.muted">{t('cancel.live')}</Text>}
                {cancel.isError && (
                  <Alert.Root status="error" data-testid="cancel-error">
                    <Alert.Indicator />
                    <Alert.Description>{errorText(t, cancel.error)}</Alert.Description>
                  </Alert.Root>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('cancel.keep')}</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={confirm} loading={cancel.isPending} data-testid="cancel-confirm">
                {t('cancel.confirm')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('actions.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
