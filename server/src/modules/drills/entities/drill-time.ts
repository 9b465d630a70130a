import type { ColumnOptions } from 'typeorm';

/**
 * A column of drill time in milliseconds: bigint (an integer ends at 24.8 days, and a run left
 * going for a month must still be completed or cancelled), read back as a number.
 */
export const DRILL_TIME: ColumnOptions = {
  type: 'bigint',
  transformer: {
    to: (value: number | null | undefined) => value,
    from: (value: string | null) => (value === null ? null : Number(value)),
  },
};
