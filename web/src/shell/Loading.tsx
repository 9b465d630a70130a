import { Box, Card, Center, Flex, SimpleGrid, Skeleton, SkeletonText, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** App and auditor layouts: a dashboard-shaped skeleton while a page loads (4 cards, 5 rows). */
export function DashboardSkeleton({ cards = 4, rows = 5 }: { cards?: number; rows?: number }) {
  const { t } = useTranslation('common');
  return (
    <Stack gap="6" role="status" aria-busy="true" aria-label={t('loading')} data-testid="dashboard-skeleton">
      <Skeleton height="8" width="40%" />
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        {Array.from({ length: cards }, (_, i) => (
          <Card.Root key={i} variant="outline">
            <Card.Body gap="3">
              <Skeleton height="4" width="50%" />
              <Skeleton height="8" width="70%" />
            </Card.Body>
          </Card.Root>
        ))}
      </SimpleGrid>
      <Stack gap="3">
        {Array.from({ length: rows }, (_, i) => (
          <Flex key={i} gap="3" align="center">
            <Skeleton boxSize="8" borderRadius="full" flexShrink={0} />
            <SkeletonText noOfLines={1} flex="1" />
          </Flex>
        ))}
      </Stack>
    </Stack>
  );
}

/**
 * When the overlay goes, the focus it held is lost, and the browser would carry on tabbing from
 * the place the overlay left, deep inside the page. Unless the new screen has focused something
 * itself (an autofocus field), the focus goes back where it was before the overlay, or else to
 * the start of the document, so the next Tab reaches the layout's skip link first.
 */
function restoreFocus(before: Element | null): void {
  const active = document.activeElement;
  if (active && active !== document.body) return;
  if (before instanceof HTMLElement && before !== document.body && before.isConnected) {
    before.focus({ preventScroll: true });
    return;
  }
  const body = document.body;
  const hadTabIndex = body.hasAttribute('tabindex');
  if (!hadTabIndex) body.setAttribute('tabindex', '-1');
  body.focus({ preventScroll: true });
  if (!hadTabIndex) body.removeAttribute('tabindex');
}

/** Other layouts: a full-screen "Loading..." overlay that keeps Tab inside it. */
export function LoadingOverlay() {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const before = document.activeElement;
    ref.current?.focus();
    return () => restoreFocus(before);
  }, []);
  return (
    <Box
      ref={ref}
      position="fixed"
      inset="0"
      zIndex="overlay"
      bg="bg"
      tabIndex={-1}
      role="status"
      aria-live="polite"
      outline="none"
      onKeyDown={(e) => {
        if (e.key === 'Tab') e.preventDefault();
      }}
      data-testid="loading-overlay"
    >
      <Center height="100%">
        <Stack align="center" gap="3">
          <Spinner size="lg" color="brand.fg" />
          <Text>{t('loading')}</Text>
        </Stack>
      </Center>
    </Box>
  );
}
