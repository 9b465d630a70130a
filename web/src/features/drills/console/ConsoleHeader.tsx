import { Alert, Badge, Box, Button, Card, CloseButton, Dialog, Flex, Heading, HStack, Link, Portal, Stack, Text } from '@chakra-ui/react';
import { LIVE_RUN_STATUSES, type ConsoleControl, type RunPermissions } from '@muster/contracts';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { formatDateTime } from '../../../lib/format';
import { RunStatusBadge, ScenarioBadge } from '../components';
import { formatClock } from '../vocab';
import type { ConsoleRun } from './console-state';
import { isolate } from '../log-text';
import { isRunning, useDrillElapsed } from './drill-clock';
import { ConnectionBadge, formatClockTime, positionName, strong } from './parts';
import type { ConnectionState } from './useConsole';

/** The big drill clock. */
export function DrillTimer({ run, offsetMs }: { run: ConsoleRun; offsetMs: number }) {
  const { t } = useTranslation('drillConsole');
  const elapsed = useDrillElapsed(run.timer, offsetMs);
  const running = isRunning(run.timer);
  return (
    <Stack gap="0" align={{ base: 'flex-start', md: 'flex-end' }}>
      <Text fontSize="sm" color="fg.muted" id="console-timer-label">
        {t('header.drillTime')}
      </Text>
      <Text
        role="timer"
        aria-labelledby="console-timer-label"
        data-testid="console-timer"
        data-running={running}
        data-elapsed-ms={Math.floor(elapsed / 1000) * 1000}
        dir="ltr"
        fontFamily="mono"
        fontVariantNumeric="tabular-nums"
        fontWeight="bold"
        lineHeight="1"
        fontSize={{ base: '5xl', md: '6xl' }}
        color={run.timer.pausedAt ? 'orange.fg' : running ? 'fg' : 'fg.muted'}
      >
        {formatClock(elapsed)}
      </Text>
    </Stack>
  );
}

function CompleteDialog({ disabled, onConfirm }: { disabled: boolean; onConfirm: () => Promise<boolean> }) {
  const { t } = useTranslation('drillConsole');
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={(e) => setOpen(e.open)} role="alertdialog">
      <Dialog.Trigger asChild>
        <Button size="lg" variant="outline" colorPalette="purple" disabled={disabled} data-testid="console-complete">
          {t('controls.complete')}
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="3">
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('controls.confirmTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('controls.confirmText')}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('controls.keepRunning')}</Button>
              </Dialog.ActionTrigger>
              <Button
                colorPalette="purple"
                loading={busy}
                data-testid="console-complete-confirm"
                onClick={() =>
                  void (async () => {
                    setBusy(true);
                    const ok = await onConfirm();
                    setBusy(false);
                    if (ok) setOpen(false);
                  })()
                }
              >
                {t('controls.confirm')}
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('controls.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Start, pause, resume and complete, for whoever controls the drill. */
function Controls({
  run,
  connection,
  onControl,
}: {
  run: ConsoleRun;
  connection: ConnectionState;
  onControl: (action: ConsoleControl) => Promise<boolean>;
}) {
  const { t } = useTranslation('drillConsole');
  const [busy, setBusy] = useState<ConsoleControl | null>(null);
  const offline = connection !== 'live';
  const act = async (action: ConsoleControl) => {
    setBusy(action);
    const ok = await onControl(action);
    setBusy(null);
    return ok;
  };
  const status = run.status;
  if (status !== 'scheduled' && status !== 'in_progress' && status !== 'paused') return null;
  return (
    <Stack gap="2" align={{ base: 'stretch', md: 'flex-end' }}>
      <Flex gap="2" wrap="wrap" justify={{ base: 'stretch', md: 'flex-end' }} css={{ '& > *': { flexGrow: { base: 1, md: 0 } } }}>
        {status === 'scheduled' && (
          <Button
            size="lg"
            {...strong('green')}
            disabled={offline}
            loading={busy === 'start'}
            onClick={() => void act('start')}
            data-testid="console-start"
          >
            {t('controls.start')}
          </Button>
        )}
        {status === 'in_progress' && (
          <Button
            size="lg"
            {...strong('orange')}
            disabled={offline}
            loading={busy === 'pause'}
            onClick={() => void act('pause')}
            data-testid="console-pause"
          >
            {t('controls.pause')}
          </Button>
        )}
        {status === 'paused' && (
          <Button
            size="lg"
            {...strong('green')}
            disabled={offline}
            loading={busy === 'resume'}
            onClick={() => void act('resume')}
            data-testid="console-resume"
          >
            {t('controls.resume')}
          </Button>
        )}
        {status !== 'scheduled' && <CompleteDialog disabled={offline || busy !== null} onConfirm={() => act('complete')} />}
      </Flex>
      {offline && (
        <Text fontSize="sm" color="fg.warning">
          {t('controls.offline')}
        </Text>
      )}
    </Stack>
  );
}

/** What became of a finished run: the summary, approval and lock, or the cancellation. */
function Outcome({ run }: { run: ConsoleRun }) {
  const { t, i18n } = useTranslation('drillConsole');
  if (run.status === 'cancelled') {
    return (
      <Alert.Root status="warning" data-testid="console-cancelled">
        <Alert.Indicator />
        <Alert.Title>
          {t('banner.cancelled', { time: run.cancelledAt ? formatDateTime(run.cancelledAt, i18n.resolvedLanguage) : '' })}
        </Alert.Title>
      </Alert.Root>
    );
  }
  if (run.status !== 'completed' && run.status !== 'approved') return null;
  const approved = run.status === 'approved';
  return (
    <Alert.Root status={approved ? 'success' : 'info'} data-testid="console-finished" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {approved
            ? t('banner.approved', { name: isolate(run.approvedBy?.name ?? '') })
            : t('banner.completed', { time: run.completedAt ? formatClockTime(run.completedAt, i18n.resolvedLanguage) : '' })}
        </Alert.Title>
        <Alert.Description>
          <HStack gap="3" wrap="wrap" marginTop="1">
            <Link asChild fontWeight="semibold" colorPalette="brand" variant="underline">
              <RouterLink to={`/app/drills/runs/${run.id}/summary`} data-testid="summary-link">
                {t('banner.summary')}
              </RouterLink>
            </Link>
            {approved && (
              <Badge {...strong('teal')} variant="solid" data-testid="console-locked">
                {t('banner.locked')}
              </Badge>
            )}
          </HStack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

export const ConsoleHeader = memo(function ConsoleHeader({
  run,
  you,
  connection,
  offsetMs,
  onControl,
}: {
  run: ConsoleRun;
  you: RunPermissions;
  connection: ConnectionState;
  offsetMs: number;
  onControl: (action: ConsoleControl) => Promise<boolean>;
}) {
  const { t, i18n } = useTranslation(['drillConsole', 'drills']);
  const me = you.participantId ? run.participants.find((p) => p.id === you.participantId) : null;
  const myPosition = me ? positionName(run.template.positions, me.positionId) : null;
  return (
    <Card.Root variant="outline" as="header" data-testid="console-header">
      <Card.Body gap="4">
        <Flex direction={{ base: 'column', md: 'row' }} justify="space-between" gap="4">
          <Stack gap="2" minWidth="0">
            <HStack gap="2" wrap="wrap">
              <Box data-testid="console-status" data-status={run.status} display="inline-flex">
                <RunStatusBadge status={run.status} />
              </Box>
              <ScenarioBadge scenario={run.scenario} />
              <Badge variant="outline">{t(`drills:types.${run.type}`)}</Badge>
              <ConnectionBadge state={connection} running={LIVE_RUN_STATUSES.includes(run.status)} />
            </HStack>
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }} wordBreak="break-word" dir="auto">
              {run.title}
            </Heading>
            <Stack gap="0.5" fontSize="sm" color="fg.muted">
              <Text>
                {t('header.location')}{' '}
                <Text as="span" color="fg" dir="auto">
                  {run.location}
                </Text>
              </Text>
              <Text>
                {t('header.lead')}{' '}
                <Text as="span" color="fg" dir="auto">
                  {run.lead.name}
                </Text>
              </Text>
              {run.status === 'scheduled' && (
                <Text>{t('header.scheduledFor', { time: formatDateTime(run.scheduledAt, i18n.resolvedLanguage) })}</Text>
              )}
              {/* Being on the roster is said once, by the check-in callout; the header adds the position. */}
              {myPosition && <Text data-testid="console-my-place">{t('header.youArePosition', { position: isolate(myPosition) })}</Text>}
            </Stack>
          </Stack>
          <Stack gap="3" align={{ base: 'stretch', md: 'flex-end' }} flexShrink="0">
            <DrillTimer run={run} offsetMs={offsetMs} />
            {you.control ? (
              <Controls run={run} connection={connection} onControl={onControl} />
            ) : (
              run.status === 'scheduled' && <Text color="fg.muted">{t('header.waiting')}</Text>
            )}
          </Stack>
        </Flex>
        <Outcome run={run} />
      </Card.Body>
    </Card.Root>
  );
});
