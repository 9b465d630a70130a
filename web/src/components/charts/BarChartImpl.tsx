import { Chart, useChart } from '@chakra-ui/charts';
import { Box } from '@chakra-ui/react';
import { Bar, BarChart as RechartsBarChart, Rectangle, ResponsiveContainer, type RectangleProps } from 'recharts';
import { CHART_SVG_DIRECTION, chartFurniture, ChartTable, useRtl } from './chart-parts';
import type { ChartProps, ChartRow } from './types';

/** Bars (grouped, or stacked by `stackId`), keyboard-readable (arrow keys move the tooltip). */
export default function BarChartImpl(props: ChartProps) {
  const rtl = useRtl();
  const chart = useChart<ChartRow>({
    data: props.data,
    series: props.series.map((s) => ({ name: s.key, label: s.label, color: s.color, stackId: s.stackId })),
  });
  return (
    <Box data-testid={props.testId} data-chart-dir={rtl ? 'rtl' : 'ltr'} css={CHART_SVG_DIRECTION}>
      <Chart.Root chart={chart} height={`${String(props.height ?? 220)}px`} aspectRatio="auto" aria-label={props.title} role="figure">
        <ResponsiveContainer width="100%" height={props.height ?? 220}>
          <RechartsBarChart
            data={chart.data}
            accessibilityLayer
            layout={props.horizontal ? 'vertical' : 'horizontal'}
            margin={{ top: 8, bottom: 0, left: 0, right: props.horizontal ? 8 : 0 }}
          >
            {chartFurniture(chart, props, rtl, 'bar')}
            {props.series.map((item) => (
              <Bar
                key={item.key}
                isAnimationActive={false}
                dataKey={item.key}
                name={item.label}
                fill={chart.color(item.color) as string}
                stackId={item.stackId}
                radius={item.stackId ? 0 : props.horizontal ? (rtl ? [4, 0, 0, 4] : [0, 4, 4, 0]) : [4, 4, 0, 0]}
                cursor={props.onPointClick ? 'pointer' : undefined}
                onClick={
                  props.onPointClick ? (entry: { payload?: ChartRow }) => entry.payload && props.onPointClick!(entry.payload) : undefined
                }
                shape={(shape: unknown) => {
                  // Each bar says which point and series it draws (tests and tools find a bar by its row).
                  const bar = shape as RectangleProps & { payload?: ChartRow };
                  const own = bar.payload && props.barColor?.(bar.payload, item.key);
                  return (
                    <g data-point={String(bar.payload?.[props.xKey] ?? '')} data-series={item.key}>
                      <Rectangle {...bar} fill={own ? (chart.color(own) as string) : bar.fill} />
                    </g>
                  );
                }}
              />
            ))}
          </RechartsBarChart>
        </ResponsiveContainer>
      </Chart.Root>
      <ChartTable props={props} />
    </Box>
  );
}
