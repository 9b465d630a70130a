import { Chart, useChart } from '@chakra-ui/charts';
import { Box } from '@chakra-ui/react';
import { Line, LineChart as RechartsLineChart, ResponsiveContainer } from 'recharts';
import { CHART_SVG_DIRECTION, chartFurniture, ChartTable, useRtl } from './chart-parts';
import type { ChartProps, ChartRow } from './types';

/** Lines over time (a dashed one for a target); gaps where a month has no figure. */
export default function LineChartImpl(props: ChartProps) {
  const rtl = useRtl();
  const chart = useChart<ChartRow>({
    data: props.data,
    series: props.series.map((s) => ({ name: s.key, label: s.label, color: s.color, strokeDasharray: s.dashed ? '5 5' : undefined })),
  });
  return (
    <Box data-testid={props.testId} data-chart-dir={rtl ? 'rtl' : 'ltr'} css={CHART_SVG_DIRECTION}>
      <Chart.Root chart={chart} height={`${String(props.height ?? 220)}px`} aspectRatio="auto" aria-label={props.title} role="figure">
        <ResponsiveContainer width="100%" height={props.height ?? 220}>
          <RechartsLineChart
            data={chart.data}
            accessibilityLayer
            margin={{ top: 8, bottom: 0, left: 8, right: 8 }}
            onClick={
              props.onPointClick
                ? (state: { activeIndex?: number | string | null }) => {
                    const row =
                      state.activeIndex === null || state.activeIndex === undefined ? undefined : props.data[Number(state.activeIndex)];
                    if (row) props.onPointClick!(row);
                  }
                : undefined
            }
          >
            {chartFurniture(chart, props, rtl, 'line')}
            {props.series.map((item) => (
              <Line
                key={item.key}
                isAnimationActive={false}
                // Straight segments: a smoothed curve would draw values between the months that no month had.
                type="linear"
                dataKey={item.key}
                name={item.label}
                stroke={chart.color(item.color) as string}
                strokeWidth={2}
                strokeDasharray={item.dashed ? '5 5' : undefined}
                dot={{ r: 3 }}
                activeDot={{ r: props.onPointClick ? 6 : 5, cursor: props.onPointClick ? 'pointer' : undefined }}
              />
            ))}
          </RechartsLineChart>
        </ResponsiveContainer>
      </Chart.Root>
      <ChartTable props={props} />
    </Box>
  );
}
