import { Badge, Card, DataList, Heading, HStack, LinkBox, LinkOverlay, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSignedInSession } from '../auth/signed-in-session';
import type { PageProps } from '../../lib/page';
import { navigationFor } from '../../app/navigation';
import { greetingName, greetingPeriod } from '../auth/greeting';

/** /app/dashboard/generic: the neutral dashboard — greeting, account, and where to go next. */
export default function GenericDashboardPage({ pageId }: PageProps) {
  const { t } = useTranslation(['auth', 'pages', 'shell']);
  const session = useSignedInSession();
  const role = t(`common:roles.${session.role}`);
  const org = session.org?.name ?? t('common:platformAdmin');
  const fullName = greetingName(session.user);
  const destinations = navigationFor(session.role).filter((item) => item.to !== '/app/dashboard');

  return (
    <Stack gap="6">
      <Stack gap="2">
        <Text
          fontSize="sm"
          fontWeight="semibold"
          color="brand.fg"
          textTransform="uppercase"
          letterSpacing="wide"
          data-testid="dashboard-kind"
        >
          {t(`pages:${pageId}.title`)}
        </Text>
        <Heading as="h1" size={{ base: '2xl', md: '3xl' }} data-testid="greeting">
          {t(`dashboard.${greetingPeriod(new Date().getHours())}`, { name: fullName })}
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
      <Stack gap="3">
        <Heading as="h2" size="lg">
          {t('shell:dashboard.goTo')}
        </Heading>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
          {destinations.map((item) => (
            <LinkBox key={item.id} asChild>
              <Card.Root variant="outline" _hover={{ borderColor: 'brand.solid' }}>
                <Card.Body py="4">
                  <LinkOverlay asChild fontWeight="medium">
                    <RouterLink to={item.to}>{t(`shell:${item.labelKey}`)}</RouterLink>
                  </LinkOverlay>
                </Card.Body>
              </Card.Root>
            </LinkBox>
          ))}
        </SimpleGrid>
      </Stack>
    </Stack>
  );
}
