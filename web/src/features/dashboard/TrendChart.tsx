import { Chart, useChart } from '@chakra-ui/charts';
import { intlLocale, type ManagerDashboard } from '@muster/contracts';
import { useTranslation } from 'react-i18next';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, Tooltip, XAxis, YAxis } from 'recharts';
import { CHART_SVG_DIRECTION } from '../../components/charts/chart-parts';

/**
 * Attendance (bars, %) and median time to muster (line, minutes) over the last six months: two
 * value axes, which the chart kit does not draw, so recharts directly with the kit's conventions
 * (mirrored axes and left-to-right labels in Arabic, straight lines with gaps for months without a figure).
 */
export default function TrendChart({ trend }: { trend: ManagerDashboard['trend'] }) {
  const { t, i18n } = useTranslation('dashboards');
  const rtl = i18n.dir() === 'rtl';
  const monthLabel = (month: string) =>
    new Intl.DateTimeFormat(intlLocale(i18n.language), {
      month: 'short',
      year: '2-digit',
      timeZone: 'UTC',
      numberingSystem: 'latn',
    }).format(new Date(`${month}-01T00:00:00Z`));
  const chart = useChart({
    data: trend.map((m) => ({ month: monthLabel(m.month), attendance: m.attendancePercent, muster: m.musterMedianMinutes })),
    series: [
      { name: 'attendance', color: 'teal.solid', label: t('manager.attendance') },
      { name: 'muster', color: 'orange.solid', label: t('manager.musterMedian') },
    ],
  });
  /** A Chakra token as the CSS colour recharts draws with. */
  const color = (token: string): string => chart.color(token) as string;
  return (
    <Chart.Root height="72" aspectRatio="auto" chart={chart} data-testid="trend-chart" css={CHART_SVG_DIRECTION}>
      <ComposedChart data={chart.data} accessibilityLayer responsive style={{ width: '100%', height: '100%' }}>
        <CartesianGrid stroke={color('border')} vertical={false} />
        <XAxis dataKey={chart.key('month')} reversed={rtl} tickLine={false} stroke={color('border')} tick={{ fill: color('fg.muted') }} />
        <YAxis
          yAxisId="percent"
          orientation={rtl ? 'right' : 'left'}
          domain={[0, 100]}
          unit="%"
          stroke={color('border')}
          tick={{ fill: color('fg.muted') }}
        />
        <YAxis yAxisId="minutes" orientation={rtl ? 'left' : 'right'} stroke={color('border')} tick={{ fill: color('fg.muted') }} />
        <Tooltip animationDuration={100} cursor={false} content={<Chart.Tooltip />} />
        <Legend content={<Chart.Legend />} />
        <Bar
          yAxisId="percent"
          dataKey={chart.key('attendance')}
          name={t('manager.attendance')}
          fill={color('teal.solid')}
          isAnimationActive={false}
        />
        <Line
          yAxisId="minutes"
          type="linear"
          dataKey={chart.key('muster')}
          name={t('manager.musterMedian')}
          stroke={color('orange.solid')}
          strokeWidth={2}
          isAnimationActive={false}
        />
      </ComposedChart>
    </Chart.Root>
  );
}
