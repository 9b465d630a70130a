import { Badge, Card, Heading, HStack, Switch, Text } from '@chakra-ui/react';
import { intlLocale, LIVE_RUN_STATUSES, type AckError, type RunPermissions, type TemplateContent } from '@muster/contracts';
import type { TFunction } from 'i18next';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/ui/toaster';
import type { ConsoleRun } from './console-state';
import type { ConnectionState, ConsoleApi } from './useConsole';
import { errorText } from '../../../lib/error-text';

/** Pieces the console's panels share. */

/** One titled part of the console: a card whose heading names the region. */
export function Section({
  id,
  title,
  aside,
  children,
  testId,
}: {
  id: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Card.Root variant="outline" as="section" aria-labelledby={id} data-testid={testId} minWidth="0" scrollMarginTop="20">
      <Card.Header paddingBottom="2">
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id={id}>
            {title}
          </Heading>
          {aside}
        </HStack>
      </Card.Header>
      <Card.Body paddingTop="2">{children}</Card.Body>
    </Card.Root>
  );
}

/**
 * A solid colour dark enough for white text (WCAG AA, 4.5:1): Chakra's default solid green,
 * orange and teal are lighter than that.
 */
export function strong(palette: 'green' | 'orange' | 'teal') {
  return { colorPalette: palette, bg: `${palette}.700`, color: 'white', _hover: { bg: `${palette}.800` } } as const;
}

/** A clock time with seconds (10:15:32) in the reader's language, Latin digits. */
export function formatClockTime(iso: string, language: string | undefined): string {
  return new Intl.DateTimeFormat(intlLocale(language), { timeStyle: 'medium', numberingSystem: 'latn' }).format(new Date(iso));
}

/** Whether the console takes live changes (steps, injects, observations, attendance). */
export function isLive(run: ConsoleRun): boolean {
  return LIVE_RUN_STATUSES.includes(run.status);
}

/** The name of a template position, or null. */
export function positionName(positions: TemplateContent['positions'], positionId: string | null): string | null {
  if (!positionId) return null;
  return positions.find((p) => p.id === positionId)?.name ?? null;
}

/** A refused command in the reader's language (the drills' vocabulary, or "not connected"). */
export function refusalText(t: TFunction, answer: AckError): string {
  if (answer.code === 'offline') return t('errors.offline', { ns: 'drillConsole' });
  return errorText(t, answer);
}

/** Shows a refused command as a toast. */
export function useRefusalToast(): (answer: AckError, description?: string) => void {
  const { t } = useTranslation(['drillConsole', 'drills']);
  return useCallback(
    (answer: AckError, description?: string) => {
      toaster.create({ type: 'error', title: t('errors.refused'), description: description ?? refusalText(t, answer) });
    },
    [t],
  );
}

/** "Live" or "Reconnecting…", always in view. */
/**
 * The console's connection. Connected to a running drill it reads "Live" in green; connected to a
 * scheduled or finished one it reads "Connected" in grey, since nothing is live yet or any more.
 */
export function ConnectionBadge({ state, running }: { state: ConnectionState; running: boolean }) {
  const { t } = useTranslation('drillConsole');
  const palette = state === 'live' ? (running ? 'green' : 'gray') : state === 'reconnecting' ? 'orange' : 'gray';
  const label = state === 'live' && !running ? 'connected' : state;
  return (
    <Badge colorPalette={palette} variant="surface" data-testid="connection-state" data-state={state} aria-live="polite" gap="1.5">
      <Text as="span" width="2" height="2" borderRadius="full" bg={`${palette}.solid`} aria-hidden="true" />
      {t(`connection.${label}`)}
    </Badge>
  );
}

/** Says why a control is not offered right now (paused, not started, reconnecting). */
export function Hint({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Text fontSize="sm" color="fg.muted" data-testid={testId}>
      {children}
    </Text>
  );
}

/**
 * A switch of one of the run's settings, for its controllers: changeable while the run is
 * scheduled or live and the console connected; a refusal is shown in a toast.
 */
export function RunSettingSwitch({
  setting,
  label,
  testId,
  run,
  you,
  connection,
  settings,
}: {
  setting: 'autoInjects' | 'observersMayWrite';
  label: string;
  testId: string;
  run: ConsoleRun;
  you: RunPermissions;
  connection: ConnectionState;
  settings: ConsoleApi['settings'];
}) {
  const refused = useRefusalToast();
  const [saving, setSaving] = useState(false);
  const canSet = you.control && (isLive(run) || run.status === 'scheduled') && connection === 'live';
  return (
    <Switch.Root
      checked={run[setting]}
      disabled={!canSet || saving}
      onCheckedChange={(e) =>
        void (async () => {
          setSaving(true);
          const answer = await settings({ [setting]: e.checked });
          setSaving(false);
          if (!answer.ok) refused(answer);
        })()
      }
      data-testid={testId}
      data-checked={run[setting]}
    >
      <Switch.HiddenInput />
      <Switch.Control />
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}
