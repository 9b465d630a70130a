import { Badge, Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { DrillSummary } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { formatClock } from '../vocab';
import { Clock, Figure, Section } from './parts';

/** Who was present of the roster, the time to muster against its target, each check-in's drill time. */
export function AttendanceSection({ attendance }: { attendance: DrillSummary['attendance'] }) {
  const { t } = useTranslation(['drillSummary', 'drills']);
  const { metTarget, musterMs, musterTargetMs } = attendance;
  const participants = [...attendance.participants].sort(
    (a, b) => (a.checkedInElapsedMs ?? Number.MAX_SAFE_INTEGER) - (b.checkedInElapsedMs ?? Number.MAX_SAFE_INTEGER),
  );
  return (
    <Section id="attendance" title={t('sections.attendance')}>
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
          <Figure
            label={t('attendance.present')}
            value={t('attendance.presentOf', { present: attendance.present, roster: attendance.roster })}
            help={
              attendance.roster > attendance.present
                ? t('attendance.absent', { number: attendance.roster - attendance.present })
                : undefined
            }
            testId="summary-present"
          />
          <Stack
            gap="0.5"
            borderWidth="1px"
            borderRadius="l2"
            padding="3"
            borderColor={metTarget === false ? 'red.emphasized' : metTarget ? 'green.emphasized' : 'border'}
            data-testid="summary-muster"
            data-met={metTarget === null ? 'none' : String(metTarget)}
          >
            <Text fontSize="sm" color="fg.muted">
              {t('attendance.timeToMuster')}
            </Text>
            <HStack gap="2" wrap="wrap" align="baseline">
              <Text fontSize="xl" fontWeight="semibold">
                <Clock>{formatClock(musterMs)}</Clock>
              </Text>
              {metTarget !== null && (
                <Badge colorPalette={metTarget ? 'green' : 'red'}>{metTarget ? t('attendance.met') : t('attendance.missed')}</Badge>
              )}
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              {musterTargetMs === null ? t('attendance.noTarget') : t('attendance.target', { time: formatClock(musterTargetMs) })}
            </Text>
            {musterMs === null && (
              <Text fontSize="xs" color="fg.muted">
                {t('attendance.noMuster')}
              </Text>
            )}
          </Stack>
        </SimpleGrid>
        {participants.length === 0 ? (
          <Text color="fg.muted">{t('attendance.noRoster')}</Text>
        ) : (
          <SimpleGrid as="ul" columns={{ base: 1, sm: 2, xl: 3 }} gap="2" listStyleType="none" aria-label={t('attendance.roster')}>
            {participants.map((p) => {
              const present = p.checkedInAt !== null;
              return (
                <HStack
                  as="li"
                  key={p.id}
                  gap="2.5"
                  align="flex-start"
                  borderWidth="1px"
                  borderRadius="l2"
                  paddingBlock="2"
                  paddingInline="3"
                  data-testid="summary-participant"
                  data-present={String(present)}
                  _print={{ breakInside: 'avoid' }}
                >
                  <Box
                    boxSize="2.5"
                    marginTop="1.5"
                    borderRadius="full"
                    flexShrink={0}
                    bg={present ? 'green.solid' : 'gray.emphasized'}
                    aria-hidden="true"
                  />
                  <Stack gap="0" minWidth="0">
                    <HStack gap="2" wrap="wrap">
                      <Text fontWeight="medium" dir="auto" wordBreak="break-word">
                        {p.name}
                      </Text>
                      {p.userId === null && (
                        <Badge size="sm" variant="outline">
                          {t('attendance.guest')}
                        </Badge>
                      )}
                    </HStack>
                    <Text fontSize="sm" color="fg.muted">
                      {present
                        ? p.checkedInBy === 'self'
                          ? t('attendance.checkedInSelf', { time: formatClock(p.checkedInElapsedMs) })
                          : t('attendance.checkedInByLead', { time: formatClock(p.checkedInElapsedMs) })
                        : t('attendance.notPresent')}
                    </Text>
                  </Stack>
                </HStack>
              );
            })}
          </SimpleGrid>
        )}
      </Stack>
    </Section>
  );
}
