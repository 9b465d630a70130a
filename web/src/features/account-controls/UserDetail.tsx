import { Badge, Button, Card, HStack, Link, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import type { SupportUserDetail } from '@muster/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { toaster } from '../../components/ui/toaster';
import { errorText } from '../../lib/error-text';
import { formatDateTime } from '../../lib/format';
import { useAccountAction, useSupportUser } from './account-controls-api';
import { ConfirmButton, Facts, RestrictionDates, RestrictionState } from './components';
import { VerificationState } from '../security/VerificationState';

/**
 * One section of a user's page. The page draws `USER_SECTIONS` in order; another area adds its
 * panel (ID verification state, support PIN) by adding an entry here.
 */
export interface UserSection {
  id: string;
  /** Key of the title in the `accountControls` namespace. */
  titleKey: string;
  render: (detail: SupportUserDetail) => ReactNode;
}

function AccountSection({ detail }: { detail: SupportUserDetail }) {
  const { t, i18n } = useTranslation('accountControls');
  const { user } = detail;
  return (
    <Facts
      rows={[
        [t('user.name'), user.name],
        [t('user.email'), <span dir="ltr">{user.email}</span>],
        [t('user.role'), t(`common:roles.${user.role}`)],
        [
          t('user.status'),
          <Badge colorPalette={user.status === 'active' ? 'green' : 'red'}>
            {t(`status.${user.status}`, { defaultValue: user.status })}
          </Badge>,
        ],
        [t('user.lastLogin'), user.lastLoginAt ? formatDateTime(user.lastLoginAt, i18n.resolvedLanguage) : t('never')],
        [t('user.created'), formatDateTime(user.createdAt, i18n.resolvedLanguage)],
      ]}
    />
  );
}

function MembershipsSection({ detail }: { detail: SupportUserDetail }) {
  const { t, i18n } = useTranslation('accountControls');
  return (
    <Stack gap="2">
      {detail.memberships.map((m, i) => (
        <Text key={i} dir="auto">
          {t('user.membership', {
            organization: m.organization?.name ?? t('platform'),
            role: t(`common:roles.${m.role}`),
            since: formatDateTime(m.since, i18n.resolvedLanguage),
          })}
        </Text>
      ))}
    </Stack>
  );
}

function SignInSection({ detail }: { detail: SupportUserDetail }) {
  const { t } = useTranslation('accountControls');
  const yes = (on: boolean) => (on ? t('yes') : t('no'));
  return (
    <Facts
      rows={[
        [t('signIn.password'), yes(detail.signInMethods.password)],
        [t('signIn.emailedCode'), yes(detail.signInMethods.emailedCode)],
        [t('signIn.sso'), yes(detail.signInMethods.ssoRequired)],
      ]}
    />
  );
}

/** Failed sign-ins and lockout, with unlock on the unlock screen. */
export function LockoutSection({ lockout }: { lockout: SupportUserDetail['lockout'] }) {
  const { t, i18n } = useTranslation('accountControls');
  return (
    <Stack gap="2">
      <HStack gap="2" flexWrap="wrap">
        <Badge colorPalette={lockout.locked ? 'red' : lockout.failures ? 'orange' : 'green'}>
          {lockout.locked ? t('lockout.locked') : t('lockout.open')}
        </Badge>
        <Text fontSize="sm">{t('lockout.failures', { count: lockout.failures, threshold: lockout.threshold })}</Text>
        {lockout.until && <Text fontSize="sm">{t('lockout.until', { at: formatDateTime(lockout.until, i18n.resolvedLanguage) })}</Text>}
      </HStack>
      {lockout.attempts.length > 0 && <AttemptsTable attempts={lockout.attempts} />}
      {lockout.failures > 0 && (
        <Link asChild color="brand.fg" fontSize="sm">
          <RouterLink to="/app/sysops/unlock">{t('lockout.toUnlock')}</RouterLink>
        </Link>
      )}
    </Stack>
  );
}

export function AttemptsTable({ attempts }: { attempts: SupportUserDetail['lockout']['attempts'] }) {
  const { t, i18n } = useTranslation('accountControls');
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxW="md">
      <Table.Root size="sm" data-testid="attempts">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('lockout.when')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('lockout.address')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {attempts.map((a, i) => (
            <Table.Row key={i}>
              <Table.Cell>{formatDateTime(a.at, i18n.resolvedLanguage)}</Table.Cell>
              <Table.Cell dir="ltr" textAlign="start">
                {a.ip ?? '—'}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function RestrictionsSection({ detail }: { detail: SupportUserDetail }) {
  const { t } = useTranslation('accountControls');
  const label = encodeURIComponent(`${detail.user.name} · ${detail.user.email}`);
  return (
    <Stack gap="3">
      {detail.restrictions.length === 0 && <Text color="fg.muted">{t('user.noRestrictions')}</Text>}
      {detail.restrictions.map((r) => (
        <Stack key={r.id} gap="1" borderBottomWidth="1px" pb="2" data-testid="user-restriction">
          <HStack gap="2" flexWrap="wrap">
            <Badge variant="outline">{t(`kinds.${r.kind}`)}</Badge>
            {r.subjectType === 'organization' && <Badge variant="outline">{t('form.subjects.organization')}</Badge>}
            <RestrictionState restriction={r} />
          </HStack>
          <Text fontSize="sm" dir="auto">
            {r.reason}
          </Text>
          <RestrictionDates restriction={r} />
        </Stack>
      ))}
      {detail.canAct && (
        <HStack gap="2" flexWrap="wrap">
          <Button asChild size="sm" variant="outline" colorPalette="red">
            <RouterLink to={`/app/sysops/suspensions?user=${detail.user.id}&label=${label}`}>{t('suspension.formTitle')}</RouterLink>
          </Button>
          <Button asChild size="sm" variant="outline" colorPalette="blue">
            <RouterLink to={`/app/sysops/frozen-accounts?user=${detail.user.id}&label=${label}`}>{t('freeze.formTitle')}</RouterLink>
          </Button>
        </HStack>
      )}
    </Stack>
  );
}

/** Live sessions (from the session index) and "sign out everywhere". */
export function SessionsSection({ detail }: { detail: SupportUserDetail }) {
  const { t, i18n } = useTranslation('accountControls');
  const signOut = useAccountAction('signOutEverywhere');
  const at = (iso: string) => formatDateTime(iso, i18n.resolvedLanguage);
  return (
    <Stack gap="3">
      <Text data-testid="session-count">{t('sessions.count', { count: detail.sessions.count })}</Text>
      {detail.sessions.items.length > 0 && (
        <Table.ScrollArea borderWidth="1px" borderRadius="md">
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('sessions.created')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('sessions.lastSeen')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('sessions.expires')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {detail.sessions.items.map((s, i) => (
                <Table.Row key={i}>
                  <Table.Cell>{at(s.createdAt)}</Table.Cell>
                  <Table.Cell>{at(s.lastSeenAt)}</Table.Cell>
                  <Table.Cell>{at(s.expiresAt)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <ConfirmButton
        label={t('sessions.signOut')}
        title={t('sessions.signOutTitle')}
        text={t('sessions.signOutText', { name: detail.user.name })}
        confirm={t('sessions.signOut')}
        disabled={!detail.canAct || detail.sessions.count === 0}
        loading={signOut.isPending}
        onConfirm={(close) =>
          signOut.mutate(detail.user.id, {
            onSuccess: ({ sessionsEnded }) => {
              close();
              toaster.create({ type: 'success', title: t('sessions.signedOut', { count: sessionsEnded }) });
            },
          })
        }
        testId="sign-out-everywhere"
      />
    </Stack>
  );
}

/** The sections of a user's page, in order. */
export const USER_SECTIONS: UserSection[] = [
  { id: 'account', titleKey: 'sections.account', render: (d) => <AccountSection detail={d} /> },
  { id: 'memberships', titleKey: 'sections.memberships', render: (d) => <MembershipsSection detail={d} /> },
  { id: 'signIn', titleKey: 'sections.signIn', render: (d) => <SignInSection detail={d} /> },
  { id: 'lockout', titleKey: 'sections.lockout', render: (d) => <LockoutSection lockout={d.lockout} /> },
  { id: 'restrictions', titleKey: 'sections.restrictions', render: (d) => <RestrictionsSection detail={d} /> },
  { id: 'sessions', titleKey: 'sections.sessions', render: (d) => <SessionsSection detail={d} /> },
  { id: 'verification', titleKey: 'sections.verification', render: (d) => <VerificationState email={d.user.email} /> },
];

/** Cards of sections for one user (loading, error and not-found states included). */
export function UserSections({ userId, sections }: { userId: string; sections: UserSection[] }) {
  const { t } = useTranslation('accountControls');
  const detail = useSupportUser(userId);
  if (detail.isPending) return <Skeleton height="60" />;
  if (detail.isError) return <Text color="fg.error">{errorText(t, detail.error)}</Text>;
  const d = detail.data;
  return (
    <Stack gap="4" data-testid="user-detail" data-user={d.user.id}>
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Stack gap="0">
          <Text as="h2" textStyle="xl" fontWeight="semibold" dir="auto">
            {d.user.name}
          </Text>
          <Text color="fg.muted" dir="ltr" textAlign="start">
            {d.user.email}
          </Text>
        </Stack>
        <Link asChild color="brand.fg">
          <RouterLink to={`/app/sysops/customer-timeline/${d.user.id}`} data-testid="timeline-link">
            {t('user.timeline')}
          </RouterLink>
        </Link>
      </HStack>
      {!d.canAct && <Text color="fg.warning">{t('user.cannotAct')}</Text>}
      {sections.map((section) => (
        <Card.Root key={section.id} variant="outline" size="sm" data-section={section.id}>
          <Card.Header>
            <Card.Title as="h3">{t(section.titleKey)}</Card.Title>
          </Card.Header>
          <Card.Body>{section.render(d)}</Card.Body>
        </Card.Root>
      ))}
    </Stack>
  );
}
