import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import {
  seesAllInjects,
  type DrillInject,
  type DrillTimer,
  type RunInject,
  type RunPermissions,
  type TemplateContent,
} from '@muster/contracts';
import { memo, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../vocab';
import type { ConsoleRun } from './console-state';
import { isolate } from '../log-text';
import { useDrillElapsed } from './drill-clock';
import { formatClockTime, Hint, isLive, positionName, RunSettingSwitch, Section, strong, useRefusalToast } from './parts';
import type { ConsoleApi, ConnectionState } from './useConsole';

/** Time left until an inject is due, while the drill runs (frozen while paused). */
function Countdown({
  timer,
  autoInjects,
  inject,
  offsetMs,
}: {
  timer: DrillTimer;
  autoInjects: boolean;
  inject: DrillInject;
  offsetMs: number;
}) {
  const { t } = useTranslation('drillConsole');
  const elapsed = useDrillElapsed(timer, offsetMs);
  const left = inject.atMinute * 60_000 - elapsed;
  if (left <= 0) {
    return (
      <Badge {...strong('orange')} variant="solid" data-testid="inject-due">
        {autoInjects ? t('injects.dueNowAuto') : t('injects.dueNow')}
      </Badge>
    );
  }
  return (
    <Badge colorPalette="blue" variant="surface" data-testid="inject-countdown">
      <Text as="span">{t('injects.dueIn')}</Text>
      <Text as="span" dir="ltr" fontFamily="mono" fontVariantNumeric="tabular-nums">
        {formatClock(left)}
      </Text>
    </Badge>
  );
}

const InjectRow = memo(function InjectRow({
  positions,
  timer,
  autoInjects,
  definition,
  state,
  control,
  canPublish,
  offsetMs,
  onPublish,
}: {
  positions: TemplateContent['positions'];
  /** The drill clock while the drill is live (null otherwise: no countdown). */
  timer: DrillTimer | null;
  autoInjects: boolean;
  definition: DrillInject;
  state: RunInject;
  /** The member controls the drill (sees injects before they are published). */
  control: boolean;
  canPublish: boolean;
  offsetMs: number;
  onPublish: (injectId: string) => Promise<void>;
}) {
  const { t, i18n } = useTranslation(['drillConsole', 'drills']);
  const [busy, setBusy] = useState(false);
  const published = state.publishedAt !== null;
  const position = positionName(positions, definition.positionId);
  // Players learn of an inject when it is published; those who run the drill see what is coming.
  const revealed = published || control;
  return (
    <Box
      as="li"
      borderWidth="1px"
      borderRadius="l2"
      padding="3"
      bg={published ? 'bg.subtle' : undefined}
      borderInlineStartWidth="4px"
      borderInlineStartColor={published ? 'green.solid' : 'border'}
      data-testid={`inject-${definition.id}`}
      data-published={published}
    >
      <Stack gap="2">
        <HStack gap="2" wrap="wrap">
          <Badge variant="outline">{t('injects.atMinute', { minute: definition.atMinute })}</Badge>
          {published ? (
            <Badge colorPalette="green" data-testid={`inject-published-${definition.id}`}>
              {t('injects.published')}
            </Badge>
          ) : (
            timer && <Countdown timer={timer} autoInjects={autoInjects} inject={definition} offsetMs={offsetMs} />
          )}
        </HStack>
        {revealed ? (
          <>
            <Text fontWeight="semibold" dir="auto" wordBreak="break-word">
              {definition.title}
            </Text>
            <Text whiteSpace="pre-wrap" wordBreak="break-word" dir="auto" fontSize="sm">
              {definition.message}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              {position ? t('injects.to', { position: isolate(position) }) : t('injects.toEveryone')}
            </Text>
          </>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {t('injects.hidden')}
          </Text>
        )}
        {published && (
          <Text fontSize="sm" color="fg.muted" data-testid={`inject-published-by-${definition.id}`}>
            {state.publishedBy
              ? t('injects.publishedBy', {
                  name: isolate(state.publishedBy.name),
                  drillTime: formatClock(state.publishedElapsedMs),
                  time: formatClockTime(state.publishedAt!, i18n.resolvedLanguage),
                })
              : t('injects.publishedByClock', {
                  drillTime: formatClock(state.publishedElapsedMs),
                  time: formatClockTime(state.publishedAt!, i18n.resolvedLanguage),
                })}
          </Text>
        )}
        {!published && canPublish && (
          <Button
            size="md"
            minHeight="11"
            colorPalette="brand"
            alignSelf="flex-start"
            loading={busy}
            onClick={() =>
              void (async () => {
                setBusy(true);
                await onPublish(definition.id);
                setBusy(false);
              })()
            }
            data-testid={`inject-publish-${definition.id}`}
          >
            {t('injects.publish')}
          </Button>
        )}
      </Stack>
    </Box>
  );
});

export const InjectsPanel = memo(function InjectsPanel({
  run,
  injects,
  you,
  connection,
  offsetMs,
  publishInject,
  settings,
}: {
  run: ConsoleRun;
  injects: Record<string, RunInject>;
  you: RunPermissions;
  connection: ConnectionState;
  offsetMs: number;
  publishInject: ConsoleApi['publishInject'];
  settings: ConsoleApi['settings'];
}) {
  const { t } = useTranslation('drillConsole');
  const refused = useRefusalToast();
  const live = isLive(run);
  const canPublish = you.control && live && connection === 'live';
  const definitions = [...run.template.injects].sort((a, b) => a.atMinute - b.atMinute);
  const publishedCount = definitions.filter((d) => injects[d.id]?.publishedAt).length;

  const onPublish = useCallback(
    async (injectId: string) => {
      const answer = await publishInject(injectId);
      if (!answer.ok) refused(answer);
    },
    [publishInject, refused],
  );

  return (
    <Section
      id="console-injects"
      title={t('injects.title')}
      testId="console-injects"
      aside={
        definitions.length > 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('injects.progress', { published: publishedCount, total: definitions.length })}
          </Text>
        )
      }
    >
      <Stack gap="3">
        {you.control ? (
          <RunSettingSwitch
            setting="autoInjects"
            label={t('injects.auto')}
            testId="setting-auto-injects"
            run={run}
            you={you}
            connection={connection}
            settings={settings}
          />
        ) : (
          <Hint>{run.autoInjects ? t('injects.autoOn') : t('injects.autoOff')}</Hint>
        )}
        {definitions.length === 0 ? (
          <Text color="fg.muted" data-testid="injects-none">
            {/* A watcher sees only published injects: none shown means none published yet, not none at all. */}
            {seesAllInjects(you, run.status) ? t('injects.none') : t('injects.noneYet')}
          </Text>
        ) : (
          <Stack as="ul" gap="3" listStyleType="none">
            {definitions.map((definition) => {
              const state = injects[definition.id];
              if (!state) return null;
              return (
                <InjectRow
                  key={definition.id}
                  positions={run.template.positions}
                  timer={live && state.publishedAt === null ? run.timer : null}
                  autoInjects={run.autoInjects}
                  definition={definition}
                  state={state}
                  control={you.control}
                  canPublish={canPublish}
                  offsetMs={offsetMs}
                  onPublish={onPublish}
                />
              );
            })}
          </Stack>
        )}
        {!live && run.status === 'scheduled' && you.control && definitions.length > 0 && <Hint>{t('injects.startFirst')}</Hint>}
      </Stack>
    </Section>
  );
});
