/** One value of a chart's row: a label, a figure, or nothing (a gap). */
export type ChartValue = string | number | null;
export type ChartRow = Record<string, ChartValue>;

/** One drawn series: its field in the rows, its name in the legend and tooltip, a Chakra colour token. */
export interface ChartSeriesDef {
  key: string;
  label: string;
  /** A Chakra colour token (`brand.solid`, `orange.solid`, …). */
  color: string;
  /** Bars of one stack id are stacked. */
  stackId?: string;
  /** A dashed line (a target). */
  dashed?: boolean;
}

export interface ChartProps {
  /** What the chart shows: its accessible name and the caption of its table. */
  title: string;
  data: ChartRow[];
  /** The field of each row drawn along the x axis. */
  xKey: string;
  series: ChartSeriesDef[];
  formatX?: (value: string) => string;
  formatY?: (value: number) => string;
  height?: number;
  /** A point was chosen (clicked): the row behind it. */
  onPointClick?: (row: ChartRow) => void;
  testId?: string;
}
