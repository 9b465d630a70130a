import { Box, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react';

export interface BarSeries {
  label: string;
  color: string;
  values: number[];
}

interface BarChartProps {
  /** Says what the chart shows (its accessible name). */
  title: string;
  labels: string[];
  series: BarSeries[];
  /** Show a label under every nth bar only (long ranges). */
  labelEvery?: number;
  height?: number;
}

/**
 * Vertical bars, grouped by label, drawn with boxes (no chart library in the bundle). Screen
 * readers get the same figures as a table.
 */
export function BarChart({ title, labels, series, labelEvery = 1, height = 160 }: BarChartProps) {
  const max = Math.max(1, ...series.flatMap((s) => s.values));
  return (
    <Stack gap="2">
      <Box role="img" aria-label={title} overflowX="auto">
        <HStack align="end" gap="1" height={`${String(height)}px`} minWidth={`${String(labels.length * series.length * 6)}px`}>
          {labels.map((label, i) => (
            <HStack
              key={label}
              align="end"
              gap="px"
              flex="1"
              height="full"
              title={`${label}: ${series.map((s) => `${s.label} ${String(s.values[i] ?? 0)}`).join(', ')}`}
            >
              {series.map((s) => (
                <Box
                  key={s.label}
                  flex="1"
                  bg={s.color}
                  borderTopRadius="sm"
                  height={`${String(((s.values[i] ?? 0) / max) * 100)}%`}
                  minHeight={(s.values[i] ?? 0) > 0 ? '2px' : '0'}
                />
              ))}
            </HStack>
          ))}
        </HStack>
        <HStack gap="1" aria-hidden="true" minWidth={`${String(labels.length * series.length * 6)}px`}>
          {labels.map((label, i) => (
            <Text key={label} flex="1" fontSize="2xs" color="fg.muted" textAlign="center" overflow="hidden" whiteSpace="nowrap">
              {i % labelEvery === 0 ? label : ''}
            </Text>
          ))}
        </HStack>
      </Box>
      {series.length > 1 && (
        <HStack gap="4" aria-hidden="true" fontSize="sm">
          {series.map((s) => (
            <HStack key={s.label} gap="1.5">
              <Box boxSize="3" borderRadius="sm" bg={s.color} />
              <Text>{s.label}</Text>
            </HStack>
          ))}
        </HStack>
      )}
      <VisuallyHidden>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col" />
              {series.map((s) => (
                <th key={s.label} scope="col">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {series.map((s) => (
                  <td key={s.label}>{s.values[i] ?? 0}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Stack>
  );
}
