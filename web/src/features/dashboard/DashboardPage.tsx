import { Badge, Box, Button, Card, Container, DataList, Flex, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { PRODUCT_NAME, type SessionInfo } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { LanguageSelect } from '../../shell/LanguageSelect';
import { LogoMark } from '../../shell/Logo';
import { firstNameOrUsername, greetingPeriod } from '../auth/greeting';
import { RequireSession } from '../auth/RequireSession';
import { useLogout } from '../auth/useLogout';

function Dashboard({ session }: { session: SessionInfo }) {
  const { t } = useTranslation('auth');
  const logout = useLogout();
  const role = t(`common:roles.${session.role}`);
  const org = session.org?.name ?? t('common:platformAdmin');
  const fullName = [session.user.firstName, session.user.lastName].filter(Boolean).join(' ') || session.user.username;

  return (
    <Flex direction="column" minHeight="100dvh" bg="bg.subtle">
      <Box as="header" borderBottomWidth="1px" bg="bg.panel">
        <Container maxW="6xl" py="3">
          <HStack justify="space-between" gap="3">
            <Link asChild color="brand.fg" fontWeight="bold" fontSize="xl" _hover={{ textDecoration: 'none' }}>
              <RouterLink to="/app/dashboard" aria-label={t('common:nav.homeAria', { product: PRODUCT_NAME })}>
                <HStack as="span" gap="2">
                  <LogoMark />
                  <Text as="span" hideBelow="sm">
                    {PRODUCT_NAME}
                  </Text>
                </HStack>
              </RouterLink>
            </Link>
            <HStack gap="3">
              <Stack gap="0" textAlign="end" hideBelow="md">
                <Text fontSize="sm" fontWeight="semibold">
                  {session.user.username}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {t('dashboard.roleAt', { role, org })}
                </Text>
              </Stack>
              <LanguageSelect />
              <Button size="sm" variant="outline" onClick={() => logout.mutate()} loading={logout.isPending} data-testid="logout">
                {t('dashboard.logout')}
              </Button>
            </HStack>
          </HStack>
        </Container>
      </Box>
      <Container as="main" maxW="6xl" py={{ base: '6', md: '10' }} flex="1">
        <Stack gap="6">
          <Stack gap="2">
            <Heading as="h1" size={{ base: '2xl', md: '3xl' }} data-testid="greeting">
              {t(`dashboard.${greetingPeriod(new Date().getHours())}`, { name: firstNameOrUsername(session.user) })}
            </Heading>
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette="brand" variant="solid">
                {role}
              </Badge>
              <Text color="fg.muted" data-testid="organization">
                {org}
              </Text>
            </HStack>
          </Stack>
          <Card.Root variant="outline" maxWidth="xl">
            <Card.Header>
              <Card.Title as="h2">{t('dashboard.account')}</Card.Title>
            </Card.Header>
            <Card.Body>
              <DataList.Root orientation="horizontal" gap="3">
                <DataList.Item>
                  <DataList.ItemLabel>{t('dashboard.name')}</DataList.ItemLabel>
                  <DataList.ItemValue>{fullName}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('dashboard.email')}</DataList.ItemLabel>
                  <DataList.ItemValue wordBreak="break-all">
                    <bdi>{session.user.email}</bdi>
                  </DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('dashboard.role')}</DataList.ItemLabel>
                  <DataList.ItemValue>{role}</DataList.ItemValue>
                </DataList.Item>
                <DataList.Item>
                  <DataList.ItemLabel>{t('dashboard.organization')}</DataList.ItemLabel>
                  <DataList.ItemValue>{org}</DataList.ItemValue>
                </DataList.Item>
              </DataList.Root>
            </Card.Body>
          </Card.Root>
        </Stack>
      </Container>
    </Flex>
  );
}

/** /app/dashboard: the signed-in landing page until the app shell arrives. */
export default function DashboardPage() {
  return <RequireSession>{(session) => <Dashboard session={session} />}</RequireSession>;
}
