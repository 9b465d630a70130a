import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { DrillRun } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/ui/toaster';
import { formatDateTime } from '../../../lib/format';
import { useApproveRun } from '../api';
import { Refusal } from './ActionsSection';
import { Section } from './parts';
import { canApprove } from './summary-figures';
import { isolate } from '../log-text';
import { errorText } from '../../../lib/error-text';

/** The sign-off, as it stands: who approved the summary and when, or what it waits for. */
export function ApprovalSection({ run }: { run: DrillRun }) {
  const { t, i18n } = useTranslation(['drillSummary', 'drills']);
  let text: string;
  if (run.status === 'approved')
    text = t('approval.approvedBy', {
      name: isolate(run.approvedBy?.name ?? ''),
      time: run.approvedAt ? formatDateTime(run.approvedAt, i18n.resolvedLanguage) : '',
    });
  else if (run.status === 'completed') text = run.you.approve ? t('approval.ready') : t('approval.waiting');
  else if (run.status === 'cancelled') text = t('approval.cancelled');
  else text = t('approval.notYet');
  return (
    <Section id="approval" title={t('sections.approval')}>
      <Text data-testid="summary-approval" data-status={run.status}>
        {text}
      </Text>
    </Section>
  );
}

/** ADMIN and MANAGER approve a completed run, after a confirmation that says it locks the run. */
export function ApproveButton({ run }: { run: DrillRun }) {
  if (!canApprove(run)) return null;
  return <ApproveDialog runId={run.id} />;
}

function ApproveDialog({ runId }: { runId: string }) {
  const { t } = useTranslation(['drillSummary', 'drills']);
  const approve = useApproveRun(runId);
  const [open, setOpen] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = () => {
    setRefusal(null);
    approve.mutate(undefined, {
      onSuccess: () => {
        setOpen(false);
        toaster.create({ type: 'success', title: t('approval.done') });
      },
      onError: (err) => setRefusal(errorText(t, err)),
    });
  };
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(e) => {
        setOpen(e.open);
        if (!e.open) setRefusal(null);
      }}
      role="alertdialog"
    >
      <Dialog.Trigger asChild>
        <Button colorPalette="brand" data-testid="approve-button" _print={{ display: 'none' }}>
          {t('approval.approve')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content data-testid="approve-dialog">
            <Dialog.Header>
              <Dialog.Title>{t('approval.confirmTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text>{t('approval.confirmText')}</Text>
                {refusal && <Refusal testId="approve-error">{refusal}</Refusal>}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('approval.cancel')}</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="brand" loading={approve.isPending} onClick={confirm} data-testid="approve-confirm">
                {t('approval.confirm')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('approval.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
