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

/** A horizontal line across the plot at a value: a limit, a target. */
export interface ChartReference {
  value: number;
  label: string;
  /** A Chakra colour token. */
  color: string;
  testId?: string;
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
  /**
   * The x axis holds categories (scenarios, kinds, ages), not time: every label is drawn. A time
   * axis leaves out labels that would collide.
   */
  categorical?: boolean;
  /** A fixed range of the value axis (a rating from 1 to 5: `[0, 5]`); otherwise it fits the figures. */
  valueDomain?: [number, number];
  /** Lines across the plot at given values (a plan's limit). */
  references?: ChartReference[];
  /** Bars lie along the value axis, one row per category (for long category names such as steps). */
  horizontal?: boolean;
  /** With `horizontal`: the room of the category labels, in pixels (120 if not given). */
  categoryWidth?: number;
  /** Leave out the legend (the page explains the colours itself). */
  noLegend?: boolean;
  /** The page gives these figures in a table of its own: the chart's table for screen readers is left out. */
  ownTable?: boolean;
  /** A bar's own colour token, in place of its series' (a step that ran over in red). */
  barColor?: (row: ChartRow, series: string) => string | undefined;
}
