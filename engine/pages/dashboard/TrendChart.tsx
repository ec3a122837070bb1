// A chart card's drawing: @ant-design/plots, loaded only when a dashboard shows a chart (its own chunk).
import { Column, Line } from '@ant-design/plots';

export interface TrendChartProps {
  type: 'column' | 'line';
  /** One row a point: x, the series' label and the value. */
  data: { x: string; series: string; value: number }[];
  format: (value: number) => string;
}

export default function TrendChart({ type, data, format }: TrendChartProps) {
  const config = {
    data,
    xField: 'x',
    yField: 'value',
    colorField: 'series',
    height: 260,
    axis: { y: { labelFormatter: (v: number) => format(v) } },
    tooltip: { items: [{ channel: 'y', valueFormatter: (v: number) => format(v) }] },
  };
  return type === 'line' ? <Line {...config} /> : <Column {...config} group />;
}
