import { Alert, Box, Button, Card, Container, Flex, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { AuditorContext } from '@muster/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { errorMessage } from '../../lib/api';
import { LanguageSelect } from '../../shell/LanguageSelect';
import { LogoMark } from '../../shell/Logo';
import { FullPageSpinner } from '../auth/RequireSession';
import { useAuditorContext } from './useAuditorContext';
import { useAuditorLogout } from './useAuditorLogout';

function ToAuditorLogin() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate('/auditor-login', { replace: true });
  }, [navigate]);
  return <FullPageSpinner />;
}

function AuditorDashboard({ context }: { context: AuditorContext }) {
  const { t, i18n } = useTranslation('auth');
  const logout = useAuditorLogout();
  const { auditorName, firm, expiresAt } = context.invite;
  const expires = new Intl.DateTimeFormat(i18n.resolvedLanguage ?? 'en', { dateStyle: 'long' }).format(new Date(expiresAt));

  return (
    <Flex direction="column" minHeight="100dvh" bg="bg.subtle">
      <Box as="header" bg="brand.800" color="white">
        <Container maxW="6xl" py="3">
          <HStack justify="space-between" gap="3" wrap="wrap">
            <HStack gap="3" minWidth="0">
              <LogoMark />
              <Stack gap="0" minWidth="0">
                <Text fontWeight="bold" fontSize="lg" lineHeight="1.2">
                  {t('auditor.title')}
                </Text>
                <Text fontSize="sm" color="brand.100" truncate data-testid="auditor-identity">
                  {firm ? t('auditor.nameFrom', { name: auditorName, firm }) : auditorName}
                </Text>
              </Stack>
            </HStack>
            <HStack gap="3">
              {/* On the navy bar the select keeps the panel colours, so its native option list stays readable. */}
              <Box bg="bg.panel" color="fg" rounded="l2">
                <LanguageSelect />
              </Box>
              <Button
                size="sm"
                bg="signal.400"
                color="gray.900"
                _hover={{ bg: 'signal.500' }}
                onClick={() => logout.mutate()}
                loading={logout.isPending}
                data-testid="auditor-logout"
              >
                {t('auditor.logout')}
              </Button>
            </HStack>
          </HStack>
        </Container>
      </Box>
      <Container as="main" maxW="6xl" py={{ base: '6', md: '10' }} flex="1">
        <Card.Root variant="outline" maxWidth="2xl">
          <Card.Body gap="3">
            <Heading as="h1" size="2xl">
              {t('auditor.welcome', { name: auditorName })}
            </Heading>
            <Text>{t('auditor.intro')}</Text>
            <Text fontSize="sm" color="fg.muted">
              {t('auditor.access', { date: expires })}
            </Text>
          </Card.Body>
        </Card.Root>
      </Container>
    </Flex>
  );
}

/** /auditor/dashboard: the guest auditor's landing page until the auditor shell arrives. */
export default function AuditorDashboardPage() {
  const { t } = useTranslation('common');
  const context = useAuditorContext();
  if (context.isPending) return <FullPageSpinner />;
  if (context.isError) {
    return (
      <Container maxW="md" py="20">
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('error.title')}</Alert.Title>
            <Alert.Description>{errorMessage(context.error)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Container>
    );
  }
  if (!context.data) return <ToAuditorLogin />;
  return <AuditorDashboard context={context.data} />;
}
