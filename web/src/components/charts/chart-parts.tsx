import { Chart, type UseChartReturn } from '@chakra-ui/charts';
import { VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { SVGProps } from 'react';
import { CartesianGrid, Legend, ReferenceLine, Text, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartProps, ChartRow } from './types';

/** Whether the page reads right to left (Arabic): then time runs right to left and the y axis stands on the right. */
export function useRtl(): boolean {
  const { i18n } = useTranslation();
  return i18n.dir() === 'rtl';
}

/**
 * The axes, grid, references, tooltip and legend every chart of the kit shares, mirrored in
 * right-to-left languages. Recharts needs them as direct children of the chart, so this returns an
 * array. With `horizontal` bars the categories stand along the y axis and the values run along x.
 */
export function chartFurniture(chart: UseChartReturn<ChartRow>, props: ChartProps, rtl: boolean, cursor: 'bar' | 'line') {
  // The page's formatter is given only the x values of its rows: recharts and the tooltip may pass
  // others (an index, a series' key), which a date formatter would throw on.
  const xValues = new Set(props.data.map((row) => String(row[props.xKey])));
  const formatX = (v: unknown): string => {
    const value = typeof v === 'string' || typeof v === 'number' ? String(v) : '';
    return props.formatX && xValues.has(value) ? props.formatX(value) : value;
  };
  const color = (token: string) => chart.color(token) as string;
  const formatValue = props.formatY ? (v: number) => props.formatY!(v) : undefined;
  const domain = props.valueDomain ?? [0, 'auto'];
  const categoryAxis = {
    dataKey: props.xKey,
    tickLine: false,
    axisLine: false,
    // Categories all keep their label; a time axis drops the labels that would collide.
    interval: props.categorical || props.horizontal ? 0 : ('preserveStartEnd' as const),
    minTickGap: props.categorical ? 2 : 12,
    tickFormatter: formatX,
    stroke: color('fg.muted'),
  };
  // Counts get whole ticks (no "2.25 runs"); figures with decimals (minutes, hours, GB) keep theirs.
  const values = props.data.flatMap((row) => props.series.map((s) => row[s.key])).filter((v): v is number => typeof v === 'number');
  const decimals = values.some((v) => !Number.isInteger(v));
  // Room for the longest value label ("2.8 GB", "80,000"), so none wraps or is cut.
  const peak = Math.max(0, ...values, ...(props.references ?? []).map((r) => r.value));
  const valueLabel = formatValue ? formatValue(peak) : new Intl.NumberFormat('en-US').format(Math.ceil(peak));
  const valueWidth = Math.min(96, Math.max(36, 12 + valueLabel.length * 7));
  const valueAxis = {
    tickLine: false,
    axisLine: false,
    allowDecimals: decimals,
    domain,
    allowDataOverflow: Boolean(props.valueDomain),
    tickFormatter: formatValue,
    stroke: color('fg.muted'),
  };
  const axes = props.horizontal
    ? [
        <XAxis key="x" type="number" reversed={rtl} {...valueAxis} />,
        <YAxis key="y" type="category" orientation={rtl ? 'right' : 'left'} width={props.categoryWidth ?? 120} {...categoryAxis} />,
      ]
    : [
        <XAxis
          key="x"
          reversed={rtl}
          {...categoryAxis}
          // Category names wrap on two lines under their bar instead of running into the next one.
          {...(props.categorical
            ? { height: 44, tick: <WrappedTick count={props.data.length} fill={color('fg.muted')} format={formatX} /> }
            : {})}
        />,
        <YAxis key="y" type="number" orientation={rtl ? 'right' : 'left'} width={valueWidth} {...valueAxis} />,
      ];
  const references = (props.references ?? []).map((r) => (
    <ReferenceLine
      key={`reference-${r.label}`}
      {...(props.horizontal ? { x: r.value } : { y: r.value })}
      stroke={color(r.color)}
      strokeDasharray="4 4"
      ifOverflow="extendDomain"
      label={{ value: r.label, position: rtl ? 'insideTopLeft' : 'insideTopRight', fill: color(r.color), fontSize: 11 }}
      shape={(line: SVGProps<SVGLineElement>) => <line {...line} data-testid={r.testId} data-value={r.value} />}
    />
  ));
  return [
    <CartesianGrid key="grid" stroke={color('border.muted')} vertical={Boolean(props.horizontal)} horizontal={!props.horizontal} />,
    ...axes,
    ...references,
    <Tooltip
      key="tooltip"
      cursor={cursor === 'bar' ? { fill: color('bg.muted') } : { stroke: color('border') }}
      animationDuration={100}
      labelFormatter={formatX}
      content={
        <Chart.Tooltip
          nameKey={props.xKey}
          formatter={formatValue ? (v: unknown) => (typeof v === 'number' ? formatValue(v) : String(v)) : undefined}
        />
      }
    />,
    ...(props.series.length > 1 && !props.noLegend ? [<Legend key="legend" content={<Chart.Legend />} />] : []),
  ];
}

/** A category's label under its bar, wrapped to the bar's width on at most two lines (recharts passes the tick's place). */
function WrappedTick(props: {
  count: number;
  fill: string;
  format: (value: unknown) => string;
  x?: number;
  y?: number;
  width?: number;
  payload?: { value: unknown };
}) {
  const band = (props.width ?? 0) / Math.max(1, props.count);
  return (
    <Text
      x={props.x}
      y={props.y}
      width={Math.max(24, band - 6)}
      maxLines={2}
      textAnchor="middle"
      verticalAnchor="start"
      fill={props.fill}
      fontSize={12}
    >
      {props.format(props.payload?.value)}
    </Text>
  );
}

/**
 * The drawing keeps a left-to-right base direction in every language: an Arabic page's `direction:
 * rtl` would turn each SVG label's `text-anchor` around, and the labels of the y axis (which stands
 * on the right there) would be drawn over the bars. Arabic words still read right to left; the
 * mirroring is the axes' (`reversed`, `orientation`), not the text's. The tooltip and legend are
 * HTML and keep the page's direction.
 */
export const CHART_SVG_DIRECTION = { '& svg': { direction: 'ltr' } } as const;

/** The chart's figures as a table for screen readers. */
export function ChartTable({ props }: { props: ChartProps }) {
  const formatX = props.formatX ?? String;
  if (props.ownTable) return null;
  return (
    <VisuallyHidden>
      <table>
        <caption>{props.title}</caption>
        <thead>
          <tr>
            <th scope="col" />
            {props.series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {props.data.map((row, i) => (
            <tr key={`${String(row[props.xKey])}-${String(i)}`}>
              <th scope="row">{formatX(String(row[props.xKey]))}</th>
              {props.series.map((s) => (
                <td key={s.key}>{row[s.key] === null || row[s.key] === undefined ? '' : String(row[s.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
