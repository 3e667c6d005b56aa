/**
 * The analytics page's charts, drawn by uPlot on a canvas. A chart is a picture for the eye
 * only (`aria-hidden`): the figure it sits in has a caption and a table of the same numbers.
 * uPlot sizes its parts through the CSSOM (element.style), which the store's Content Security
 * Policy (`style-src 'self'`) allows; nothing here writes a style attribute or a <style>
 * element. Each chart takes its container's width, and follows it (ResizeObserver).
 */
import { useEffect, useMemo, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { AnalyticsDay } from '../api/analytics';
import {
  COUNT_INCREMENTS,
  formatNumber,
  LINE_SERIES,
  lineChartData,
  niceMax,
  shortLabel,
  type BarChart as BarChartData,
} from './shape';

/**
 * The series' colours on the canvas; staff.css gives the legend's swatches the same
 * (`.analytics-legend__swatch--*`). Each keeps 4.5:1 on white, and the lines differ in dash too.
 */
export const SERIES_STYLES = {
  searches: { stroke: '#0a58a8', dash: undefined },
  nullResults: { stroke: '#a3001b', dash: [8, 4] },
  clicks: { stroke: '#1d6b35', dash: undefined },
  addToCarts: { stroke: '#7a4a00', dash: [2, 3] },
} as const;

const AXIS_TEXT = '#4a4f55';
const GRID = '#d5d7da';
const FONT = '12px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
/** Narrower than this, the chart scrolls with its container rather than squeeze. */
const MIN_WIDTH = 240;

type ChartOptions = Omit<uPlot.Options, 'width' | 'height'>;

const countAxis = {
  stroke: AXIS_TEXT,
  font: FONT,
  grid: { stroke: GRID, width: 1 },
  ticks: { stroke: GRID, width: 1 },
  incrs: COUNT_INCREMENTS,
  values: (_u: uPlot, splits: number[]) => splits.map((v) => formatNumber(v)),
};

/** A counts scale from 0 to a round number above the highest value. */
const countRange: uPlot.Range.Function = (_u, _min, max) => [0, niceMax(max ?? 0)];

/** A uPlot chart in a container of the page's width: made anew when its options or data change. */
function PlotCanvas({ options, data, height, className }: { options: ChartOptions; data: uPlot.AlignedData; height: number; className: string }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const width = () => Math.max(MIN_WIDTH, Math.floor(element.clientWidth));
    const chart = new uPlot({ ...options, width: width(), height }, data, element);
    let frame = 0;
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => {
            cancelAnimationFrame(frame);
            frame = requestAnimationFrame(() => {
              if (chart.width !== width()) chart.setSize({ width: width(), height });
            });
          });
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      cancelAnimationFrame(frame);
      chart.destroy();
    };
  }, [options, data, height]);

  return <div ref={box} className={className} aria-hidden="true" />;
}

/** 'Searches over time': searches, null results, clicks and add to carts per day, with a legend. */
export function SearchesLineChart({ days }: { days: readonly AnalyticsDay[] }) {
  const data = useMemo(() => lineChartData(days), [days]);
  const options = useMemo<ChartOptions>(
    () => ({
      legend: { show: false },
      cursor: { show: false },
      scales: { x: { time: true }, y: { range: countRange } },
      axes: [
        { stroke: AXIS_TEXT, font: FONT, grid: { stroke: GRID, width: 1 }, ticks: { stroke: GRID, width: 1 } },
        { ...countAxis, size: 60 },
      ],
      series: [
        {},
        ...LINE_SERIES.map((s) => ({
          label: s.label,
          stroke: SERIES_STYLES[s.key].stroke,
          width: 2,
          ...(SERIES_STYLES[s.key].dash ? { dash: [...SERIES_STYLES[s.key].dash!] } : {}),
          points: { show: days.length <= 31, size: 5 },
        })),
      ],
    }),
    [days.length],
  );
  return (
    <>
      <PlotCanvas options={options} data={data} height={260} className="analytics-chart" />
      <ul className="analytics-legend" aria-hidden="true">
        {LINE_SERIES.map((s) => (
          <li key={s.key}>
            <span className={`analytics-legend__swatch analytics-legend__swatch--${s.key}`} />
            {s.label}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A bar per row, drawn across (long labels fit on a phone), the first row on top. */
export function HorizontalBarChart({ chart, seriesLabel }: { chart: BarChartData; seriesLabel: string }) {
  const { labels, data } = chart;
  const options = useMemo<ChartOptions>(() => {
    const shown = labels.map((l) => shortLabel(l));
    const longest = Math.max(1, ...shown.map((l) => l.length));
    return {
      legend: { show: false },
      cursor: { show: false },
      scales: {
        // The rows run down the left side: index 0 at the top.
        x: { time: false, ori: 1, dir: -1, range: () => [-0.5, labels.length - 0.5] },
        y: { ori: 0, dir: 1, range: countRange },
      },
      axes: [
        {
          scale: 'x',
          side: 3,
          stroke: AXIS_TEXT,
          font: FONT,
          gap: 6,
          size: Math.min(150, 14 + 7 * longest),
          grid: { show: false },
          ticks: { show: false },
          splits: () => labels.map((_, i) => i),
          values: (_u, splits) => splits.map((i) => shown[i] ?? ''),
        },
        { ...countAxis, scale: 'y', side: 2 },
      ],
      series: [
        {},
        {
          label: seriesLabel,
          fill: SERIES_STYLES.searches.stroke,
          stroke: SERIES_STYLES.searches.stroke,
          width: 0,
          points: { show: false },
          paths: uPlot.paths.bars!({ size: [0.7, 28], align: 0 }),
        },
      ],
    };
  }, [labels, seriesLabel]);
  return (
    <PlotCanvas options={options} data={data} height={Math.max(120, labels.length * 30 + 40)} className="analytics-chart" />
  );
}
