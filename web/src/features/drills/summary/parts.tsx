import { Card, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** Pieces the summary's sections share. */

/** The sections of the summary, in reading order: their anchors (`summary-<id>`) and title keys. */
export const SECTION_IDS = [
  'objectives',
  'steps',
  'figures',
  'attendance',
  'injects',
  'observations',
  'timeline',
  'actions',
  'approval',
  'addenda',
] as const;
export type SectionId = (typeof SECTION_IDS)[number];

export const sectionAnchor = (id: SectionId) => `summary-${id}`;

/**
 * One titled part of the summary: a card whose heading names the region for screen readers,
 * reachable from the table of contents, kept whole on a printed page where it fits.
 */
export function Section({ id, title, children, intro }: { id: SectionId; title: string; intro?: ReactNode; children: ReactNode }) {
  const anchor = sectionAnchor(id);
  return (
    <Card.Root
      variant="outline"
      size={{ base: 'sm', md: 'md' }}
      as="section"
      id={anchor}
      aria-labelledby={`${anchor}-title`}
      scrollMarginTop="20"
      data-testid={`summary-section-${id}`}
      _print={{ boxShadow: 'none', breakInside: 'auto' }}
    >
      <Card.Header>
        <Stack gap="1">
          <Heading as="h2" size="lg" id={`${anchor}-title`}>
            {title}
          </Heading>
          {intro && (
            <Text color="fg.muted" fontSize="sm">
              {intro}
            </Text>
          )}
        </Stack>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/** A figure with its label (the "at a glance" cards and the header's facts). */
export function Figure({
  label,
  value,
  help,
  tone,
  testId,
}: {
  label: string;
  value: ReactNode;
  help?: ReactNode;
  tone?: string;
  testId?: string;
}) {
  return (
    <Stack gap="0.5" borderWidth="1px" borderRadius="l2" padding="3" data-testid={testId} _print={{ breakInside: 'avoid' }}>
      <Text fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text fontSize="xl" fontWeight="semibold" color={tone}>
        {value}
      </Text>
      {help && (
        <Text fontSize="xs" color="fg.muted">
          {help}
        </Text>
      )}
    </Stack>
  );
}

/** A drill time (mm:ss) kept left-to-right inside any text direction. */
export function Clock({ children }: { children: string }) {
  return (
    <Text as="span" dir="ltr" unicodeBidi="isolate" fontVariantNumeric="tabular-nums">
      {children}
    </Text>
  );
}
