import { Alert, Badge, Box, Button, Field, Flex, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { RunParticipant, RunPermissions, TemplateContent } from '@muster/contracts';
import { memo, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMusterPoints } from '../../maps/maps-api';
import { formatClock } from '../vocab';
import type { ConsoleRun } from './console-state';
import { Hint, isLive, positionName, Section, strong, useRefusalToast } from './parts';
import type { ConsoleApi, ConnectionState } from './useConsole';
import { SopAckMarker, useMissingAcknowledgements } from '../../sops/drill-links';

/** The time to muster against its target, once the lead recorded it. */
function MusterTime({ run }: { run: ConsoleRun }) {
  const { t } = useTranslation(['drillConsole', 'drills']);
  const target = run.musterTargetMinutes;
  const targetText = target !== null ? t('drills:units.minutes', { count: target }) : null;
  if (run.musterElapsedMs === null) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="muster-time" data-recorded="false">
        {targetText ? t('attendance.notMusteredTarget', { target: targetText }) : t('attendance.notMustered')}
      </Text>
    );
  }
  const time = formatClock(run.musterElapsedMs);
  const met = target === null ? null : run.musterElapsedMs <= target * 60_000;
  return (
    <HStack gap="2" wrap="wrap" data-testid="muster-time" data-recorded="true" data-met={met === null ? undefined : met}>
      <Text fontWeight="semibold">{t('attendance.mustered', { time })}</Text>
      {met !== null && targetText && (
        <Badge colorPalette="red" {...(met ? strong('green') : {})} variant="solid">
          {met
            ? t('attendance.withinTarget', { target: targetText })
            : t('attendance.overTarget', { over: formatClock(run.musterElapsedMs - target! * 60_000), target: targetText })}
        </Badge>
      )}
    </HStack>
  );
}

const ParticipantRow = memo(function ParticipantRow({
  positions,
  participant,
  control,
  mine,
  canChange,
  onToggle,
  sopMissing,
}: {
  positions: TemplateContent['positions'];
  participant: RunParticipant;
  /** The titles of the SOPs this drill tests that the participant has not acknowledged, one a line ('' for none). */
  sopMissing: string;
  /** The member controls the drill (checks anyone in or out). */
  control: boolean;
  /** The row is the member's own place on the roster. */
  mine: boolean;
  canChange: boolean;
  onToggle: (participantId: string, present: boolean) => Promise<void>;
}) {
  const { t } = useTranslation('drillConsole');
  const { t: tMaps } = useTranslation('maps');
  const [busy, setBusy] = useState(false);
  const present = participant.checkedInAt !== null;
  const position = positionName(positions, participant.positionId);
  const offered = canChange && (control || mine);
  const label = mine && !control ? (present ? 'undoSelf' : 'checkInSelf') : present ? 'checkOut' : 'checkIn';
  return (
    <Flex
      as="li"
      gap="3"
      align="center"
      justify="space-between"
      wrap="wrap"
      borderBottomWidth="1px"
      paddingBlock="2"
      data-testid={`participant-${participant.id}`}
      data-present={present}
    >
      <HStack gap="3" minWidth="0" flex="1">
        <Box
          width="3"
          height="3"
          borderRadius="full"
          flexShrink="0"
          bg={present ? 'green.solid' : 'transparent'}
          borderWidth="2px"
          borderColor={present ? 'green.solid' : 'border.emphasized'}
          aria-hidden="true"
        />
        <Stack gap="0" minWidth="0">
          <HStack gap="2" wrap="wrap">
            <Text fontWeight="medium" dir="auto" wordBreak="break-word">
              {participant.name}
            </Text>
            {mine && (
              <Badge size="sm" colorPalette="brand">
                {t('attendance.you')}
              </Badge>
            )}
            {participant.userId === null && (
              <Badge size="sm" variant="outline">
                {t('attendance.guest')}
              </Badge>
            )}
            <SopAckMarker titles={sopMissing ? sopMissing.split('\n') : []} />
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {present
              ? t(participant.checkedInBy === 'self' ? 'attendance.inSelf' : 'attendance.inByLead', {
                  drillTime: formatClock(participant.checkedInElapsedMs),
                })
              : t('attendance.notIn')}
            {present && participant.checkedInPoint && (
              <Text as="span" data-testid={`checkin-point-${participant.id}`}>
                {' '}
                {tMaps('console.checkedInAt', { point: `\u2068${participant.checkedInPoint}\u2069` })}
              </Text>
            )}
          </Text>
          {position && (
            <Text fontSize="sm" color="fg.muted" dir="auto">
              {position}
            </Text>
          )}
        </Stack>
      </HStack>
      {offered && (
        <Button
          size="md"
          minHeight="11"
          variant={present ? 'outline' : 'solid'}
          colorPalette="gray"
          {...(present ? {} : strong('green'))}
          loading={busy}
          onClick={() =>
            void (async () => {
              setBusy(true);
              await onToggle(participant.id, !present);
              setBusy(false);
            })()
          }
          data-testid={`checkin-${participant.id}`}
        >
          {t(`attendance.${label}`)}
        </Button>
      )}
    </Flex>
  );
});

/** A participant's own check-in, at the top of the console, until they are checked in. */
export function SelfCheckIn({
  run,
  you,
  connection,
  attendance,
}: {
  run: ConsoleRun;
  you: RunPermissions;
  connection: ConnectionState;
  attendance: ConsoleApi['attendance'];
}) {
  const { t } = useTranslation('drillConsole');
  const refused = useRefusalToast();
  const [busy, setBusy] = useState(false);
  const me = you.participantId ? run.participants.find((p) => p.id === you.participantId) : null;
  if (!me || me.checkedInAt !== null || !isLive(run)) return null;
  return (
    <Alert.Root status="info" alignItems="center" data-testid="self-checkin-callout">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('attendance.calloutTitle')}</Alert.Title>
        <Alert.Description>{t('attendance.calloutText')}</Alert.Description>
      </Alert.Content>
      <Button
        size="lg"
        {...strong('green')}
        flexShrink="0"
        disabled={connection !== 'live'}
        loading={busy}
        onClick={() =>
          void (async () => {
            setBusy(true);
            const answer = await attendance(me.id, true);
            setBusy(false);
            if (!answer.ok) refused(answer);
          })()
        }
        data-testid="self-checkin"
      >
        {t('attendance.checkInSelf')}
      </Button>
    </Alert.Root>
  );
}

export const AttendancePanel = memo(function AttendancePanel({
  run,
  you,
  connection,
  attendance,
  muster,
}: {
  run: ConsoleRun;
  you: RunPermissions;
  connection: ConnectionState;
  attendance: ConsoleApi['attendance'];
  muster: ConsoleApi['muster'];
}) {
  const { t } = useTranslation('drillConsole');
  const refused = useRefusalToast();
  const [mustering, setMustering] = useState(false);
  const live = isLive(run);
  const canChange = live && connection === 'live';
  const present = run.participants.filter((p) => p.checkedInAt !== null).length;
  // Muster points named on the organisation's emergency maps: where people check in.
  const { t: tMaps } = useTranslation('maps');
  const points = useMusterPoints(live).data?.items ?? [];
  const [pointKey, setPointKey] = useState('');
  const point = points.find((p) => `${p.mapId}/${p.pointId}` === pointKey);
  const sopMissing = useMissingAcknowledgements(run.template);

  const onToggle = useCallback(
    async (participantId: string, isPresent: boolean) => {
      const answer = await attendance(
        participantId,
        isPresent,
        isPresent && point ? { mapId: point.mapId, pointId: point.pointId } : undefined,
      );
      if (!answer.ok) refused(answer);
    },
    [attendance, refused, point],
  );

  return (
    <Section
      id="console-attendance"
      title={t('attendance.title')}
      testId="console-attendance"
      aside={
        <Text fontSize="sm" color="fg.muted" data-testid="attendance-count">
          {t('attendance.count', { present, total: run.participants.length })}
        </Text>
      }
    >
      <Stack gap="3">
        <Flex gap="3" align="center" justify="space-between" wrap="wrap">
          <MusterTime run={run} />
          {/* "Everyone mustered" is offered only once everyone on the roster has checked in (the server refuses it before). */}
          {you.control && live && present < run.participants.length && (
            <Hint testId="muster-waiting">{t('attendance.musterWaiting', { count: run.participants.length - present })}</Hint>
          )}
          {you.control && live && present === run.participants.length && (
            <Button
              size="lg"
              {...strong('teal')}
              disabled={!canChange}
              loading={mustering}
              onClick={() =>
                void (async () => {
                  setMustering(true);
                  const answer = await muster();
                  setMustering(false);
                  if (!answer.ok) refused(answer);
                })()
              }
              data-testid="muster-button"
            >
              {run.musterElapsedMs === null ? t('attendance.musterNow') : t('attendance.musterAgain')}
            </Button>
          )}
        </Flex>
        {run.status === 'scheduled' && <Hint>{t('attendance.startFirst')}</Hint>}
        {live && points.length > 0 && (
          <Field.Root maxWidth="sm">
            <Field.Label>{tMaps('console.checkInAt')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={pointKey} onChange={(e) => setPointKey(e.target.value)} data-testid="checkin-point">
                <option value="">{tMaps('console.anyPoint')}</option>
                {points.map((p) => (
                  <option key={`${p.mapId}/${p.pointId}`} value={`${p.mapId}/${p.pointId}`}>
                    {p.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        {run.participants.length === 0 ? (
          <Text color="fg.muted">{t('attendance.none')}</Text>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none">
            {run.participants.map((p) => (
              <ParticipantRow
                key={p.id}
                positions={run.template.positions}
                participant={p}
                control={you.control}
                mine={you.participantId === p.id}
                canChange={canChange}
                onToggle={onToggle}
                sopMissing={sopMissing(p.userId).join('\n')}
              />
            ))}
          </Stack>
        )}
      </Stack>
    </Section>
  );
});
