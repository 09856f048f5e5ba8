import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { Palette } from '@cc/config';
import type { InsightsPoint } from '../api/insights';
import { chartData, chartOptions, CHART_HEIGHT } from './chart-options';

/**
 * Draws the lines into `element` and keeps them as wide as it; answers how to take
 * them down. With uPlot, a chunk of its own that the chart loads once it is on screen.
 */
export function drawChart(
  element: HTMLElement,
  {
    daily,
    palette,
    locale,
    days,
  }: { daily: readonly InsightsPoint[]; palette: Palette; locale: string; days: number },
): () => void {
  const plot = new uPlot(
    chartOptions({ width: element.clientWidth || 640, palette, locale, days }),
    chartData(daily),
    element,
  );
  const observer = new ResizeObserver(([entry]) => {
    const width = Math.floor(entry?.contentRect.width ?? 0);
    if (width > 0 && width !== plot.width) plot.setSize({ width, height: CHART_HEIGHT });
  });
  observer.observe(element);
  return () => {
    observer.disconnect();
    plot.destroy();
  };
}
