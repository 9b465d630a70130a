import { Button, Center, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useRouteError } from 'react-router-dom';

/** True when a page's code could not be loaded: usually a new version was deployed meanwhile. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(message);
}

/** Shown when a route fails to render: offers a reload (new version) or the way home. */
export function RouteError() {
  const { t } = useTranslation('shell');
  const error = useRouteError();
  const updated = isChunkLoadError(error);
  if (!updated) console.error('Route error', error);
  return (
    <Center minHeight="100dvh" px="4" bg="bg.subtle">
      <Container maxW="lg" textAlign="center">
        <Stack gap="4" align="center" role="alert" data-testid="route-error">
          <Heading as="h1" size="2xl">
            {updated ? t('routeError.updatedTitle') : t('routeError.title')}
          </Heading>
          <Text color="fg.muted">{updated ? t('routeError.updatedText') : t('routeError.text')}</Text>
          <HStack gap="3" wrap="wrap" justify="center">
            <Button colorPalette="brand" onClick={() => window.location.reload()}>
              {t('routeError.reload')}
            </Button>
            <Button asChild variant="outline">
              <RouterLink to="/" reloadDocument>
                {t('notFound.home')}
              </RouterLink>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </Center>
  );
}
