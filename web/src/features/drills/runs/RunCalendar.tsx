import { Box, Button, chakra, Flex, Heading, HStack, Link, Stack, Text, useBreakpointValue, VisuallyHidden } from '@chakra-ui/react';
import type { DrillRunSummary } from '@muster/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { RunStatusBadge } from '../components';
import { RUN_STATUS_PALETTE } from '../vocab';
import { dayKey, formatDayLong, formatDayNumber, formatMonth, formatTime, weekdayNames, type Month } from './calendar';
import { consolePath } from './RunCard';

/** How many runs a day of the grid shows before "+N more". */
const SHOWN_PER_DAY = 3;

/** One run in a day of the grid: its time and title, its status as a colour and in words. */
function RunChip({ run }: { run: DrillRunSummary }) {
  const { t, i18n } = useTranslation('drillRuns');
  const palette = RUN_STATUS_PALETTE[run.status];
  return (
    <Box as="li" minWidth="0">
      <Link
        asChild
        display="flex"
        alignItems="center"
        gap="1"
        width="full"
        fontSize="xs"
        paddingX="1"
        paddingY="0.5"
        borderRadius="l1"
        bg={`${palette}.subtle`}
        color={`${palette}.fg`}
        textDecoration={run.status === 'cancelled' ? 'line-through' : undefined}
        _hover={{ bg: `${palette}.muted` }}
      >
        <RouterLink to={consolePath(run.id)} title={run.title} data-testid="calendar-run" data-run-id={run.id} data-status={run.status}>
          <Box as="span" flexShrink={0} boxSize="2" borderRadius="full" bg={`${palette}.solid`} aria-hidden />
          <Text as="span" flexShrink={0} fontVariantNumeric="tabular-nums">
            {formatTime(run.scheduledAt, i18n.resolvedLanguage)}
          </Text>
          <Text as="span" truncate dir="auto" minWidth="0">
            {run.title}
          </Text>
          <VisuallyHidden>{t(`runStatuses.${run.status}`, { ns: 'drills' })}</VisuallyHidden>
        </RouterLink>
      </Link>
    </Box>
  );
}

/** The month as a grid of weeks (a table: screen readers announce the weekday of each day). */
function MonthGrid({
  month,
  weeks,
  days,
  weekStart,
  today,
}: {
  month: Month;
  weeks: Date[][];
  days: Map<string, DrillRunSummary[]>;
  weekStart: number;
  today: string;
}) {
  const { t, i18n } = useTranslation('drillRuns');
  const language = i18n.resolvedLanguage;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const names = weekdayNames(weekStart, language);
  return (
    <chakra.table width="full" tableLayout="fixed" borderCollapse="collapse" data-testid="calendar-grid">
      <VisuallyHidden asChild>
        <caption>{formatMonth(month, language)}</caption>
      </VisuallyHidden>
      <thead>
        <tr>
          {names.map((n) => (
            <chakra.th key={n.long} scope="col" abbr={n.long} paddingY="2" fontSize="sm" fontWeight="medium" color="fg.muted">
              {n.short}
            </chakra.th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={dayKey(week[0]!)}>
            {week.map((day) => {
              const key = dayKey(day);
              const runs = days.get(key) ?? [];
              const inMonth = day.getMonth() + 1 === month.month;
              const isToday = key === today;
              const open = expanded.has(key);
              const shown = open ? runs : runs.slice(0, SHOWN_PER_DAY);
              return (
                <chakra.td
                  key={key}
                  verticalAlign="top"
                  borderWidth="1px"
                  padding="1"
                  height="7.5rem"
                  bg={isToday ? 'brand.subtle' : inMonth ? 'bg.panel' : 'bg.muted'}
                  aria-current={isToday ? 'date' : undefined}
                  data-day={key}
                  data-testid="calendar-day"
                >
                  <Stack gap="1">
                    <Text
                      fontSize="sm"
                      fontWeight={isToday ? 'bold' : 'normal'}
                      color={isToday ? 'brand.fg' : inMonth ? 'fg' : 'fg.subtle'}
                      textAlign="end"
                      paddingX="1"
                    >
                      <span aria-hidden>{formatDayNumber(day, language)}</span>
                      <VisuallyHidden>{formatDayLong(day, language)}</VisuallyHidden>
                    </Text>
                    {runs.length > 0 && (
                      <Stack as="ul" gap="1" listStyleType="none">
                        {shown.map((run) => (
                          <RunChip key={run.id} run={run} />
                        ))}
                      </Stack>
                    )}
                    {runs.length > SHOWN_PER_DAY && (
                      <Button
                        size="2xs"
                        variant="ghost"
                        alignSelf="flex-start"
                        onClick={() =>
                          setExpanded((current) => {
                            const next = new Set(current);
                            if (open) next.delete(key);
                            else next.add(key);
                            return next;
                          })
                        }
                        aria-expanded={open}
                      >
                        {open ? t('calendar.fewer') : t('calendar.more', { count: runs.length - SHOWN_PER_DAY })}
                      </Button>
                    )}
                  </Stack>
                </chakra.td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </chakra.table>
  );
}

/** The month as an agenda: each day that has runs, with its runs (narrow screens). */
function MonthAgenda({
  month,
  weeks,
  days,
  today,
}: {
  month: Month;
  weeks: Date[][];
  days: Map<string, DrillRunSummary[]>;
  today: string;
}) {
  const { t, i18n } = useTranslation('drillRuns');
  const language = i18n.resolvedLanguage;
  const inMonth = weeks.flat().filter((d) => d.getMonth() + 1 === month.month && (days.get(dayKey(d))?.length ?? 0) > 0);
  if (inMonth.length === 0)
    return (
      <Text color="fg.muted" paddingY="4" data-testid="calendar-empty">
        {t('calendar.empty', { month: formatMonth(month, language) })}
      </Text>
    );
  return (
    <Stack as="ol" gap="4" listStyleType="none" data-testid="calendar-agenda">
      {inMonth.map((day) => {
        const key = dayKey(day);
        return (
          <Stack as="li" key={key} gap="2" data-day={key} data-testid="calendar-day">
            <Heading as="h3" size="sm" color={key === today ? 'brand.fg' : undefined}>
              {formatDayLong(day, language)}
              {key === today && (
                <Text as="span" fontWeight="normal" color="fg.muted" marginStart="2">
                  {t('calendar.today')}
                </Text>
              )}
            </Heading>
            <Stack as="ul" gap="2" listStyleType="none">
              {(days.get(key) ?? []).map((run) => (
                <Box as="li" key={run.id} borderWidth="1px" borderRadius="l2" padding="2" bg="bg.panel">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text fontVariantNumeric="tabular-nums" fontSize="sm" color="fg.muted">
                      {formatTime(run.scheduledAt, language)}
                    </Text>
                    <Link asChild fontWeight="medium" wordBreak="break-word" flex="1" minWidth="8rem">
                      <RouterLink
                        to={consolePath(run.id)}
                        dir="auto"
                        data-testid="calendar-run"
                        data-run-id={run.id}
                        data-status={run.status}
                      >
                        {run.title}
                      </RouterLink>
                    </Link>
                    <RunStatusBadge status={run.status} />
                  </Flex>
                  <Text fontSize="sm" color="fg.muted" dir="auto" marginTop="1">
                    {run.location}
                  </Text>
                </Box>
              ))}
            </Stack>
          </Stack>
        );
      })}
    </Stack>
  );
}

/**
 * The calendar view: a month grid from 768 px (weeks start on the region's first day; right to
 * left in Arabic, as a table follows the page's direction), an agenda of the month's days below.
 */
export function RunCalendar({
  month,
  weeks,
  runs,
  weekStart,
  onMonth,
}: {
  month: Month;
  weeks: Date[][];
  runs: Map<string, DrillRunSummary[]>;
  weekStart: number;
  onMonth: (delta: number | null) => void;
}) {
  const { t, i18n } = useTranslation('drillRuns');
  const wide = useBreakpointValue({ base: false, md: true }, { ssr: false });
  const today = dayKey(new Date());
  return (
    <Stack gap="3" data-testid="runs-calendar" data-month={`${String(month.year)}-${String(month.month).padStart(2, '0')}`}>
      <Flex gap="2" align="center" justify="space-between" wrap="wrap">
        <Heading as="h2" size="lg" aria-live="polite" data-testid="calendar-month">
          {formatMonth(month, i18n.resolvedLanguage)}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <Button size="sm" variant="outline" onClick={() => onMonth(-1)} data-testid="calendar-previous">
            {t('calendar.previous')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onMonth(null)} data-testid="calendar-today">
            {t('calendar.thisMonth')}
          </Button>
          <Button size="sm" variant="outline" onClick={() => onMonth(1)} data-testid="calendar-next">
            {t('calendar.next')}
          </Button>
        </HStack>
      </Flex>
      {wide ? (
        <MonthGrid month={month} weeks={weeks} days={runs} weekStart={weekStart} today={today} />
      ) : (
        <MonthAgenda month={month} weeks={weeks} days={runs} today={today} />
      )}
    </Stack>
  );
}
