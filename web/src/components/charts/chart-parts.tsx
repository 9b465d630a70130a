import { Chart, type UseChartReturn } from '@chakra-ui/charts';
import { VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { ChartProps, ChartRow } from './types';

/** Whether the page reads right to left (Arabic): then time runs right to left and the y axis stands on the right. */
export function useRtl(): boolean {
  const { i18n } = useTranslation();
  return i18n.dir() === 'rtl';
}

/**
 * The axes, grid, tooltip and legend every chart of the kit shares, mirrored in right-to-left
 * languages. Recharts needs them as direct children of the chart, so this returns an array.
 */
export function chartFurniture(chart: UseChartReturn<ChartRow>, props: ChartProps, rtl: boolean, cursor: 'bar' | 'line') {
  const formatX = props.formatX ?? ((v: string) => v);
  const color = (token: string) => chart.color(token) as string;
  const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? formatX(String(v)) : '');
  return [
    <CartesianGrid key="grid" stroke={color('border.muted')} vertical={false} />,
    <XAxis
      key="x"
      dataKey={props.xKey}
      reversed={rtl}
      tickLine={false}
      axisLine={false}
      interval="preserveStartEnd"
      minTickGap={12}
      tickFormatter={(v: string) => formatX(v)}
      stroke={color('fg.muted')}
    />,
    <YAxis
      key="y"
      orientation={rtl ? 'right' : 'left'}
      tickLine={false}
      axisLine={false}
      width={44}
      allowDecimals
      tickFormatter={props.formatY ? (v: number) => props.formatY!(v) : undefined}
      stroke={color('fg.muted')}
    />,
    <Tooltip
      key="tooltip"
      cursor={cursor === 'bar' ? { fill: color('bg.muted') } : { stroke: color('border') }}
      animationDuration={100}
      labelFormatter={text}
      content={
        <Chart.Tooltip formatter={props.formatY ? (v: unknown) => (typeof v === 'number' ? props.formatY!(v) : String(v)) : undefined} />
      }
    />,
    ...(props.series.length > 1 ? [<Legend key="legend" content={<Chart.Legend />} />] : []),
  ];
}

/** The chart's figures as a table for screen readers. */
export function ChartTable({ props }: { props: ChartProps }) {
  const formatX = props.formatX ?? String;
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
