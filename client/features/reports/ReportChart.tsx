import '@mantine/charts/styles.css';
import { BarChart as MantineBarChart } from '@mantine/charts';
import type { Bar } from './parts';

/**
 * The drawing of a report chart (Mantine's chart package on recharts). Loaded on demand by the
 * report screens only (parts.tsx imports it lazily), so no other screen downloads recharts. It is
 * hidden from screen readers: the table under it holds the same figures, with the links.
 */
export default function ReportChart({ bars, unit }: { bars: Bar[]; unit: string }) {
  const data = bars.map((bar) => ({ label: bar.label, [unit]: bar.value, color: `${bar.color}.6` }));
  return (
    <div aria-hidden>
      <MantineBarChart
        h={Math.max(96, bars.length * 36)}
        data={data}
        dataKey="label"
        orientation="vertical"
        series={[{ name: unit, color: 'gray.6' }]}
        yAxisProps={{ width: 110 }}
        gridAxis="x"
        withTooltip={false}
        // recharts makes the drawing a focusable application by default; inside aria-hidden that
        // is a keyboard stop screen readers cannot name (axe: aria-hidden-focus). The table is the
        // keyboard and screen reader way through the figures.
        accessibilityLayer={false}
        withBarValueLabel
        valueFormatter={(value) => value.toLocaleString()}
      />
    </div>
  );
}
