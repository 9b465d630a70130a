import { Alert, Badge, Card, Heading, HStack, Link, LinkBox, LinkOverlay, List, Progress, Stack, Text } from '@chakra-ui/react';
import type { Onboarding, OnboardingItemId } from '@muster/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { errorText } from '../../lib/error-text';
import { formatCount } from '../../lib/format';
import { DashboardSkeleton } from '../../shell/Loading';
import { greetingName, greetingPeriod } from '../auth/greeting';
import { useSignedInSession } from '../auth/signed-in-session';

/** One figure that leads to the screen behind it. */
export function Figure({
  label,
  value,
  to,
  help,
  tone,
  testId,
}: {
  label: string;
  value: number | string;
  to: string;
  help?: ReactNode;
  tone?: 'danger' | 'warning' | 'success';
  testId?: string;
}) {
  const { i18n } = useTranslation();
  const shown = typeof value === 'number' ? formatCount(value, i18n.language) : value;
  const color = tone === 'danger' ? 'fg.error' : tone === 'warning' ? 'fg.warning' : tone === 'success' ? 'fg.success' : undefined;
  return (
    <LinkBox asChild>
      <Card.Root variant="outline" _hover={{ borderColor: 'brand.solid' }} height="full">
        <Card.Body gap="1" py="4">
          <LinkOverlay asChild>
            <RouterLink to={to}>
              <Text fontSize="sm" color="fg.muted">
                {label}
              </Text>
            </RouterLink>
          </LinkOverlay>
          <Text fontSize="2xl" fontWeight="semibold" color={color} data-testid={testId}>
            {shown}
          </Text>
          {help && (
            <Text fontSize="xs" color="fg.muted">
              {help}
            </Text>
          )}
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}

/** A titled block of a dashboard, with the link to its screen. */
export function Section({ title, to, linkLabel, children }: { title: string; to?: string; linkLabel?: string; children: ReactNode }) {
  return (
    <Stack gap="3" as="section">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="lg">
          {title}
        </Heading>
        {to && linkLabel && (
          <Link asChild fontSize="sm" color="brand.fg">
            <RouterLink to={to}>{linkLabel}</RouterLink>
          </Link>
        )}
      </HStack>
      {children}
    </Stack>
  );
}

/** What a dashboard shows while its figures load or when they could not be read. */
export function DashboardState({ error }: { error: unknown }) {
  const { t } = useTranslation('dashboards');
  if (!error) return <DashboardSkeleton />;
  return (
    <Alert.Root status="error" data-testid="dashboard-error">
      <Alert.Indicator />
      <Alert.Title>{errorText(t, error)}</Alert.Title>
    </Alert.Root>
  );
}

/** An empty block: says what to do first, with the link to do it. */
export function Empty({ text, to, action }: { text: string; to: string; action: string }) {
  return (
    <Card.Root variant="subtle">
      <Card.Body gap="2" py="4">
        <Text color="fg.muted">{text}</Text>
        <Link asChild color="brand.fg" fontWeight="medium">
          <RouterLink to={to}>{action}</RouterLink>
        </Link>
      </Card.Body>
    </Card.Root>
  );
}

export const ONBOARDING_LINKS: Record<OnboardingItemId, string> = {
  timeZone: '/app/settings',
  inviteTeam: '/app/admin/users',
  complianceProfile: '/app/compliance/profiles',
  firstDrill: '/app/drills/templates',
  siemDestination: '/app/admin/siem',
};

/** The onboarding checklist of a new organisation (ADMIN, MANAGER), until every item is done. */
export function OnboardingChecklist({ onboarding }: { onboarding: Onboarding }) {
  const { t, i18n } = useTranslation('dashboards');
  if (onboarding.done) return null;
  const done = onboarding.items.filter((i) => i.done).length;
  const total = onboarding.items.length;
  return (
    <Card.Root variant="outline" borderColor="brand.muted" data-testid="onboarding">
      <Card.Header gap="2">
        <Card.Title as="h2">{t('onboarding.title')}</Card.Title>
        <Text color="fg.muted" fontSize="sm">
          {t('onboarding.progress', { done: formatCount(done, i18n.language), total: formatCount(total, i18n.language) })}
        </Text>
        <Progress.Root value={(done / total) * 100} size="sm" colorPalette="brand" aria-label={t('onboarding.title')}>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      </Card.Header>
      <Card.Body>
        <List.Root gap="2" variant="plain">
          {onboarding.items.map((item) => (
            <List.Item key={item.id} data-testid={`onboarding-${item.id}`} data-done={item.done}>
              <HStack gap="3" align="start">
                <Badge flexShrink={0} colorPalette={item.done ? 'green' : 'gray'} variant={item.done ? 'subtle' : 'outline'}>
                  {item.done ? t('onboarding.done') : t('onboarding.todo')}
                </Badge>
                <Link
                  asChild
                  flex="1"
                  minWidth="0"
                  color={item.done ? 'fg.muted' : 'brand.fg'}
                  textDecoration={item.done ? 'line-through' : undefined}
                >
                  <RouterLink to={ONBOARDING_LINKS[item.id]}>{t(`onboarding.items.${item.id}`)}</RouterLink>
                </Link>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      </Card.Body>
    </Card.Root>
  );
}

/**
 * Who is reading: the greeting by the local hour (spec §2: morning 5 to 11, afternoon 12 to 16,
 * evening otherwise), the role and the organisation (or "Platform Admin" for platform staff).
 */
export function DashboardGreeting() {
  const { t } = useTranslation(['auth', 'common']);
  const session = useSignedInSession();
  return (
    <HStack gap="2" wrap="wrap" align="baseline">
      <Text fontWeight="medium" data-testid="greeting">
        {t(`auth:dashboard.${greetingPeriod(new Date().getHours())}`, { name: greetingName(session.user) })}
      </Text>
      <Badge colorPalette="brand" variant="subtle">
        {t(`common:roles.${session.role}`)}
      </Badge>
      <Text color="fg.muted" data-testid="organization">
        {session.org?.name ?? t('common:platformAdmin')}
      </Text>
    </HStack>
  );
}

/** The page's heading with the role's dashboard title, the greeting and what the page shows. */
export function DashboardHeading({ title, intro }: { title: string; intro: string }) {
  return (
    <Stack gap="1">
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
        {title}
      </Heading>
      <DashboardGreeting />
      <Text color="fg.muted">{intro}</Text>
    </Stack>
  );
}
