import { Badge, Box, Button, Card, Flex, Heading, HStack, Input, Progress, Stack, Text, Wrap } from '@chakra-ui/react';
import { MEMBER_ROLES, MEMBER_STATUSES, UPGRADE_PATH, type MemberRow, type MemberStatus, type SeatUsage } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyList, ListSkeleton, LoadError, Pager, SelectField } from '../../components/list';
import { useSearchForm } from '../../lib/forms';
import { formatCount, formatDateTime } from '../../lib/format';
import type { PageProps } from '../../lib/page';
import { useListParams } from '../../lib/useListParams';
import { usePageTitle } from '../../lib/usePageTitle';
import { useSignedInSession } from '../auth/signed-in-session';
import { InviteDialog } from './InviteDialog';
import { MemberActions } from './MemberActions';
import { useMembers } from './members-api';

const PAGE_SIZE = 25;
const FILTERS = ['q', 'role', 'status'] as const;

const STATUS_PALETTE: Record<MemberStatus, string> = {
  invited: 'blue',
  active: 'green',
  deactivated: 'gray',
  suspended: 'orange',
  frozen: 'cyan',
  locked: 'red',
};

/** Seats taken against the plan's limit, with the way to more when they are all taken. */
function Seats({ seats }: { seats: SeatUsage }) {
  const { t, i18n } = useTranslation('members');
  const language = i18n.resolvedLanguage;
  const full = seats.used >= seats.limit;
  const percent = Math.min(100, Math.round((seats.used / Math.max(1, seats.limit)) * 100));
  return (
    <Card.Root variant="outline" data-testid="member-seats" data-used={seats.used} data-limit={seats.limit}>
      <Card.Body gap="2">
        <Flex justify="space-between" align="baseline" gap="3" wrap="wrap">
          <Text fontWeight="semibold">
            {t('seats.used', { used: formatCount(seats.used, language), limit: formatCount(seats.limit, language) })}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t('seats.detail', {
              members: formatCount(seats.activeMembers, language),
              invites: formatCount(seats.pendingInvites, language),
              plan: t(`seats.plans.${seats.plan}`),
            })}
          </Text>
        </Flex>
        <Progress.Root value={percent} colorPalette={full ? 'red' : percent >= 90 ? 'orange' : 'brand'} size="sm">
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
          <Progress.Label srOnly>{t('seats.used', { used: seats.used, limit: seats.limit })}</Progress.Label>
        </Progress.Root>
        {full && (
          <Text fontSize="sm" data-testid="member-seats-full">
            {t('seats.full')}{' '}
            <Box as="span" fontWeight="semibold" color="brand.fg" textDecoration="underline">
              <RouterLink to={UPGRADE_PATH}>{t('seats.upgrade')}</RouterLink>
            </Box>
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function MemberItem({ row, roles, self }: { row: MemberRow; roles: readonly (typeof MEMBER_ROLES)[number][]; self: boolean }) {
  const { t, i18n } = useTranslation(['members', 'common']);
  const language = i18n.resolvedLanguage;
  return (
    <Card.Root
      as="li"
      variant="outline"
      data-testid="member-row"
      data-email={row.email}
      data-status={row.status}
      data-role={row.role}
      data-kind={row.kind}
    >
      <Card.Body py="3" px={{ base: '3', md: '4' }}>
        <Flex gap="3" align={{ base: 'flex-start', md: 'center' }} justify="space-between">
          <Stack gap="1" minWidth="0" flex="1">
            <Wrap gap="2" align="center">
              <Text fontWeight="semibold" truncate dir="auto" data-testid="member-name">
                {row.name ?? row.email}
              </Text>
              {self && <Badge variant="outline">{t('list.you')}</Badge>}
            </Wrap>
            {row.name && (
              <Text fontSize="sm" color="fg.muted" dir="ltr" textAlign="start" truncate>
                {row.email}
              </Text>
            )}
            <Wrap gap="2" align="center">
              <Badge colorPalette="brand" variant="subtle" data-testid="member-role">
                {t(`common:roles.${row.role}`)}
              </Badge>
              <Badge colorPalette={STATUS_PALETTE[row.status]} variant="subtle" data-testid="member-status">
                {t(`statuses.${row.status}`)}
              </Badge>
              {row.signInMethods.map((method) => (
                <Badge key={method} variant="outline" size="sm">
                  {t(`methods.${method}`)}
                </Badge>
              ))}
            </Wrap>
            <Text fontSize="xs" color="fg.muted">
              {row.kind === 'invite'
                ? t('list.invitedBy', {
                    name: row.invitedBy?.name || t('list.someone'),
                    date: formatDateTime(row.expiresAt!, language),
                  })
                : row.lastActiveAt
                  ? t('list.lastActive', { date: formatDateTime(row.lastActiveAt, language) })
                  : t('list.neverActive')}
            </Text>
          </Stack>
          <MemberActions row={row} roles={roles} self={self} />
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}

/** /app/admin/users: the organisation's members and invitations, their roles and statuses, and the plan's seats. */
export default function MembersPage({ pageId }: PageProps) {
  const { t } = useTranslation(['members', 'pages', 'common']);
  usePageTitle(pageId);
  const session = useSignedInSession();
  const { values, offset, update } = useListParams(FILTERS);
  const query = {
    q: values.q || undefined,
    role: (values.role || undefined) as (typeof MEMBER_ROLES)[number] | undefined,
    status: (values.status || undefined) as MemberStatus | undefined,
    limit: PAGE_SIZE,
    offset,
  };
  const members = useMembers(query);
  const search = useSearchForm(values.q, (q) => update({ ...values, q }));
  const data = members.data;
  const filtered = Boolean(values.q || values.role || values.status);

  return (
    <Stack gap="5" maxWidth="5xl" data-testid="members-page">
      <Flex gap="4" justify="space-between" align={{ base: 'stretch', sm: 'flex-start' }} direction={{ base: 'column', sm: 'row' }}>
        <Stack gap="1">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            {t('pages:users.title')}
          </Heading>
          <Text color="fg.muted">{t('intro')}</Text>
        </Stack>
        {data && <InviteDialog roles={data.assignableRoles} />}
      </Flex>

      {data && <Seats seats={data.seats} />}

      <Stack as="search" gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-end' }}>
        <form onSubmit={search.onSubmit} style={{ flex: 1 }} role="search">
          <HStack gap="2" align="flex-end">
            <Stack gap="1" flex="1">
              <Text asChild fontSize="sm" fontWeight="medium">
                <label htmlFor="member-search">{t('filters.search')}</label>
              </Text>
              <Input
                id="member-search"
                size="sm"
                {...search.field}
                placeholder={t('filters.searchPlaceholder')}
                data-testid="member-search"
              />
            </Stack>
            <Button type="submit" size="sm" variant="outline">
              {t('filters.apply')}
            </Button>
          </HStack>
        </form>
        <SelectField
          label={t('filters.role')}
          value={values.role}
          onChange={(role) => update({ ...values, role })}
          options={[
            { value: '', label: t('filters.anyRole') },
            ...MEMBER_ROLES.map((role) => ({ value: role, label: t(`common:roles.${role}`) })),
          ]}
          testId="member-filter-role"
          width={{ base: 'full', md: '44' }}
        />
        <SelectField
          label={t('filters.status')}
          value={values.status}
          onChange={(status) => update({ ...values, status })}
          options={[
            { value: '', label: t('filters.anyStatus') },
            ...MEMBER_STATUSES.map((status) => ({ value: status, label: t(`statuses.${status}`) })),
          ]}
          testId="member-filter-status"
          width={{ base: 'full', md: '44' }}
        />
      </Stack>

      {members.isPending && <ListSkeleton rows={5} testId="members-loading" />}
      {members.isError && (
        <LoadError title={t('list.loadError')} error={members.error} onRetry={() => void members.refetch()} testId="members-error" />
      )}
      {data && data.items.length === 0 && (
        <EmptyList
          title={filtered ? t('list.noMatchTitle') : t('list.emptyTitle')}
          text={filtered ? t('list.noMatch') : t('list.empty')}
          action={
            filtered ? (
              <Button size="sm" variant="outline" onClick={() => update({ q: '', role: '', status: '' })}>
                {t('filters.clear')}
              </Button>
            ) : undefined
          }
          testId="members-empty"
        />
      )}
      {data && data.items.length > 0 && (
        <Stack
          as="ul"
          gap="2"
          listStyleType="none"
          aria-label={t('list.label')}
          data-testid="member-list"
          opacity={members.isPlaceholderData ? 0.6 : 1}
        >
          {data.items.map((row) => (
            <MemberItem
              key={`${row.kind}:${row.id}`}
              row={row}
              roles={data.assignableRoles}
              self={row.kind === 'member' && row.id === session.user.id}
            />
          ))}
        </Stack>
      )}
      {data && <Pager offset={offset} limit={PAGE_SIZE} total={data.total} onChange={(next) => update(values, next)} />}
    </Stack>
  );
}
