import { Skeleton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { ChartProps } from './types';

export type { ChartProps, ChartReference, ChartRow, ChartSeriesDef, ChartValue } from './types';

/*
 * The chart kit: @chakra-ui/charts over recharts, loaded only when a chart is drawn (recharts is
 * large; the pages that import these wrappers carry none of it until a chart renders).
 */
const LazyBar = lazy(() => import('./BarChartImpl'));
const LazyLine = lazy(() => import('./LineChartImpl'));

function Fallback({ height }: { height?: number }) {
  return <Skeleton height={`${String(height ?? 220)}px`} borderRadius="l2" aria-busy="true" />;
}

/** Vertical bars, grouped or stacked, with axes, legend, tooltip and keyboard access; mirrored in Arabic. */
export function BarChart(props: ChartProps) {
  return (
    <Suspense fallback={<Fallback height={props.height} />}>
      <LazyBar {...props} />
    </Suspense>
  );
}

/** Lines over time, with axes, legend, tooltip and keyboard access; mirrored in Arabic. */
export function LineChart(props: ChartProps) {
  return (
    <Suspense fallback={<Fallback height={props.height} />}>
      <LazyLine {...props} />
    </Suspense>
  );
}
