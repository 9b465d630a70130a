import { Box } from '@chakra-ui/react';
import { useLayoutEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

/** Page changes fade and slide in over 0.15 s (none with reduced motion) and scroll to the top. */
export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
  }, [pathname]);
  return (
    <Box
      key={pathname}
      animationName="fade-in, slide-from-bottom"
      animationDuration="0.15s"
      animationTimingFunction="ease-out"
      css={{ '--slide-distance': '8px', '@media (prefers-reduced-motion: reduce)': { animation: 'none' } }}
      data-testid="page-transition"
    >
      {children}
    </Box>
  );
}
