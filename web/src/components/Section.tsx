import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A titled section of a page, labelled by its heading, with an optional line of explanation. */
export function Section({
  id,
  title,
  text,
  children,
  testId,
}: {
  id: string;
  title: string;
  text?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Stack as="section" gap="3" aria-labelledby={id} data-testid={testId}>
      <Stack gap="1">
        <Heading as="h2" size="lg" id={id}>
          {title}
        </Heading>
        {text && (
          <Text color="fg.muted" fontSize="sm">
            {text}
          </Text>
        )}
      </Stack>
      {children}
    </Stack>
  );
}
