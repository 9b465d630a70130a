import { Alert, Box, Button, ButtonGroup, Checkbox, Field, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { DRILL_RUN_STATUSES, DRILL_SCENARIOS, isDrillManager } from '@muster/contracts';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSignedInSession } from '../../auth/signed-in-session';
import type { PageProps } from '../../../lib/page';
import { EmptyList, ListSkeleton, LoadError, Pager, SelectField } from '../../../components/list';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useListParams } from '../../../lib/useListParams';
import { useRuns } from '../api';
import { CadenceBanner } from '../components';
import { firstDayOfWeek, gridRange, monthGrid, monthKey, monthOf, runsByDay, shiftMonth } from './calendar';
import { listQuery, RUN_PARAM_KEYS, sharedFilters, viewOf, type RunParams, type RunView } from './params';
import { RunCalendar } from './RunCalendar';
import { RunCard } from './RunCard';

const PAGE_SIZE = 20;
/** A month never holds more runs than this in practice; past it the calendar says it shows the first ones. */
const CALENDAR_LIMIT = 500;

function Filters({ values, view, onChange }: { values: RunParams; view: RunView; onChange: (next: Partial<RunParams>) => void }) {
  const { t } = useTranslation('drillRuns');
  const fromId = useId();
  const toId = useId();
  const filtered = Boolean(values.status || values.scenario || values.from || values.to || values.mine);
  return (
    <Flex as="section" aria-label={t('filters.label')} gap="3" wrap="wrap" align="flex-end" data-testid="runs-filters">
      <SelectField
        label={t('filters.status')}
        value={values.status}
        onChange={(status) => onChange({ status })}
        options={[
          { value: '', label: t('filters.anyStatus') },
          ...DRILL_RUN_STATUSES.map((s) => ({ value: s, label: t(`runStatuses.${s}`, { ns: 'drills' }) })),
        ]}
        testId="runs-filter-status"
        width={{ base: 'full', sm: '11rem' }}
      />
      <SelectField
        label={t('filters.scenario')}
        value={values.scenario}
        onChange={(scenario) => onChange({ scenario })}
        options={[
          { value: '', label: t('filters.anyScenario') },
          ...DRILL_SCENARIOS.map((s) => ({ value: s, label: t(`scenarios.${s}`, { ns: 'drills' }) })),
        ]}
        testId="runs-filter-scenario"
        width={{ base: 'full', sm: '13rem' }}
      />
      {view === 'list' && (
        <>
          <Field.Root width={{ base: 'calc(50% - 0.375rem)', sm: '10rem' }}>
            <Field.Label htmlFor={fromId} fontSize="sm">
              {t('filters.from')}
            </Field.Label>
            <Input
              id={fromId}
              type="date"
              size="sm"
              value={values.from}
              onChange={(e) => onChange({ from: e.currentTarget.value })}
              data-testid="runs-filter-from"
            />
          </Field.Root>
          <Field.Root width={{ base: 'calc(50% - 0.375rem)', sm: '10rem' }}>
            <Field.Label htmlFor={toId} fontSize="sm">
              {t('filters.to')}
            </Field.Label>
            <Input
              id={toId}
              type="date"
              size="sm"
              value={values.to}
              onChange={(e) => onChange({ to: e.currentTarget.value })}
              data-testid="runs-filter-to"
            />
          </Field.Root>
        </>
      )}
      <Checkbox.Root
        checked={values.mine === 'true'}
        onCheckedChange={(e) => onChange({ mine: e.checked === true ? 'true' : '' })}
        paddingBottom="1.5"
      >
        <Checkbox.HiddenInput data-testid="runs-filter-mine" />
        <Checkbox.Control />
        <Checkbox.Label>{t('filters.mine')}</Checkbox.Label>
      </Checkbox.Root>
      {filtered && (
        <Button size="sm" variant="ghost" onClick={() => onChange({ status: '', scenario: '', from: '', to: '', mine: '' })}>
          {t('filters.clear')}
        </Button>
      )}
    </Flex>
  );
}

function RunList({ values, offset, update, me, manager }: ViewProps) {
  const { t } = useTranslation('drillRuns');
  const list = useRuns(listQuery(values, offset, PAGE_SIZE));
  const filtered = Boolean(values.status || values.scenario || values.from || values.to || values.mine);
  if (list.isPending) return <ListSkeleton testId="runs-loading" />;
  if (list.isError) return <LoadError title={t('list.error')} error={list.error} onRetry={() => void list.refetch()} testId="runs-error" />;
  if (list.data.items.length === 0)
    return (
      <EmptyList
        title={filtered ? t('list.noMatchTitle') : t('list.emptyTitle')}
        text={filtered ? t('list.noMatchText') : manager ? t('list.emptyTextManager') : t('list.emptyText')}
        testId="runs-empty"
        action={
          filtered ? (
            <Button size="sm" variant="outline" onClick={() => update({ status: '', scenario: '', from: '', to: '', mine: '' })}>
              {t('filters.clear')}
            </Button>
          ) : manager ? (
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to="/app/drills/quick-create">{t('schedule')}</RouterLink>
            </Button>
          ) : undefined
        }
      />
    );
  return (
    <Stack gap="4">
      <Stack as="ul" gap="3" listStyleType="none" aria-busy={list.isFetching} data-testid="runs-list">
        {list.data.items.map((run) => (
          <RunCard key={run.id} run={run} me={me} />
        ))}
      </Stack>
      <Pager offset={offset} limit={PAGE_SIZE} total={list.data.total} onChange={(o) => update({}, o)} />
    </Stack>
  );
}

function CalendarView({ values, update }: ViewProps) {
  const { t, i18n } = useTranslation('drillRuns');
  const weekStart = firstDayOfWeek(i18n.resolvedLanguage);
  const month = monthOf(values.month, values.from, new Date());
  const { year, month: monthNumber } = month;
  const weeks = useMemo(() => monthGrid({ year, month: monthNumber }, weekStart), [year, monthNumber, weekStart]);
  const range = gridRange(weeks);
  const runs = useRuns({ ...sharedFilters(values), ...range, limit: CALENDAR_LIMIT, offset: 0 });
  const days = useMemo(() => runsByDay(runs.data?.items ?? []), [runs.data]);
  const onMonth = (delta: number | null) => {
    const today = new Date();
    update({ month: monthKey(delta === null ? { year: today.getFullYear(), month: today.getMonth() + 1 } : shiftMonth(month, delta)) });
  };
  if (runs.isError) return <LoadError title={t('list.error')} error={runs.error} onRetry={() => void runs.refetch()} testId="runs-error" />;
  return (
    <Stack gap="3" aria-busy={runs.isFetching}>
      {runs.data && runs.data.total > runs.data.items.length && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{t('calendar.truncated', { shown: runs.data.items.length, total: runs.data.total })}</Alert.Description>
        </Alert.Root>
      )}
      {runs.isPending ? (
        <ListSkeleton rows={3} testId="runs-loading" />
      ) : (
        <RunCalendar month={month} weeks={weeks} runs={days} weekStart={weekStart} onMonth={onMonth} />
      )}
    </Stack>
  );
}

interface ViewProps {
  values: RunParams;
  offset: number;
  update: (next: Partial<RunParams>, offset?: number) => void;
  me: { userId: string; role: string };
  manager: boolean;
}

/**
 * /app/drills/runs: the organisation's drill runs as a list or a month calendar (`?view=`), filtered
 * by status, scenario, dates and "only mine" (all kept in the address), with the cadences that are
 * due; managers schedule from here, managers and leads change or cancel a scheduled run.
 */
export default function RunsPage({ pageId }: PageProps) {
  const { t } = useTranslation(['drillRuns', 'drills']);
  usePageTitle(pageId);
  const session = useSignedInSession();
  const { values, offset, update } = useListParams(RUN_PARAM_KEYS);
  const view = viewOf(values);
  const manager = isDrillManager(session.role);
  const me = { userId: session.user.id, role: session.role };
  const props: ViewProps = { values, offset, update, me, manager };

  return (
    <Stack gap="5" maxWidth="6xl" data-testid="runs-page" data-view={view}>
      <Flex gap="3" justify="space-between" align={{ base: 'stretch', sm: 'flex-start' }} direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t('title')}
          </Heading>
          <Text color="fg.muted">{t('subtitle')}</Text>
        </Stack>
        <Flex gap="2" wrap="wrap" flexShrink={0}>
          <Button asChild size="sm" variant="outline">
            <RouterLink to="/app/drills/reminders" data-testid="runs-reminders">
              {t('cadence.manage', { ns: 'drills' })}
            </RouterLink>
          </Button>
          {manager && (
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to="/app/drills/quick-create" data-testid="runs-schedule">
                {t('schedule')}
              </RouterLink>
            </Button>
          )}
        </Flex>
      </Flex>
      {!session.org ? (
        <Alert.Root status="info" data-testid="runs-no-organization">
          <Alert.Indicator />
          <Alert.Description>{t('errors.noOrganization', { ns: 'drills' })}</Alert.Description>
        </Alert.Root>
      ) : (
        <>
          <CadenceBanner />
          <Flex gap="3" justify="space-between" align="flex-end" wrap="wrap">
            <Filters values={values} view={view} onChange={(next) => update(next)} />
            <Box>
              <Text id="runs-view-label" fontSize="sm" fontWeight="medium" marginBottom="1">
                {t('view.label')}
              </Text>
              <ButtonGroup size="sm" variant="outline" attached role="group" aria-labelledby="runs-view-label">
                {(['list', 'calendar'] as const).map((v) => (
                  <Button
                    key={v}
                    aria-pressed={view === v}
                    variant={view === v ? 'solid' : 'outline'}
                    colorPalette={view === v ? 'brand' : undefined}
                    onClick={() => update({ view: v === 'list' ? '' : v, month: '' })}
                    data-testid={`runs-view-${v}`}
                  >
                    {t(`view.${v}`)}
                  </Button>
                ))}
              </ButtonGroup>
            </Box>
          </Flex>
          {view === 'calendar' ? <CalendarView {...props} /> : <RunList {...props} />}
        </>
      )}
    </Stack>
  );
}
