import { Button, Center, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/** True when a page's code could not be loaded: usually a new version was deployed meanwhile. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(message);
}

/** Shown when a route fails to render: offers a reload (new version) or the way home. */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation('shell');
  const updated = isChunkLoadError(error);
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

/**
 * Catches what a route throws while it renders — a page's code that cannot be loaded, a bug — and
 * shows RouteError in its place. `resetKey` (the location) clears it, so another link works.
 */
export class RouteErrorBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: unknown; key: string | null }> {
  override state: { error: unknown; key: string | null } = { error: null, key: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  static getDerivedStateFromProps(
    props: { resetKey: string },
    state: { error: unknown; key: string | null },
  ): { error: unknown; key: string } | null {
    if (state.key === props.resetKey) return null;
    // A new location: the error was the previous page's.
    return { error: state.key === null ? state.error : null, key: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (!isChunkLoadError(error)) console.error('Route error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
