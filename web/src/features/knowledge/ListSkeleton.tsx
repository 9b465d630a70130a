import { Skeleton, Stack } from '@chakra-ui/react';

/** Placeholder rows while a list or an article loads. */
export function ListSkeleton() {
  return (
    <Stack gap="3" aria-hidden="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height="20" borderRadius="md" />
      ))}
    </Stack>
  );
}
