import { Box } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * What a full-width row of a sideways-scrolling table opens to: it stays in view while the table
 * scrolls and is never wider than the screen, so a phone shows it whole in either direction.
 */
export function RowPanel({ children }: { children: ReactNode }) {
  return (
    <Box position="sticky" insetInlineStart="0" maxWidth="calc(100vw - 4rem)" whiteSpace="normal">
      {children}
    </Box>
  );
}
