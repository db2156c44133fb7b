import { useEffect, useRef, useState } from 'react';
import uPlot from 'uplot';
import uplotCss from 'uplot/dist/uPlot.min.css?inline';
import { formatShortDay, SHOP_TIME_ZONE } from '#shared/dates';
import { formatNaira } from '#shared/money';
import type { Dashboard } from '#shared/schemas/dashboard';

type Day = Dashboard['salesByDay'][number];

/** A Lagos calendar day ('2026-11-23') as the instant uPlot places it (its UTC midnight, drawn as UTC). */
const dayStart = (date: string) => Date.parse(`${date}T00:00:00Z`) / 1000;
const shortNaira = new Intl.NumberFormat('en-NG', {
  style: 'currency',
  currency: 'NGN',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/**
 * Paid sales per Lagos day, as bars (uPlot, a 50 KB canvas chart that only the admin panel loads).
 * The canvas is a picture for sighted admins; the same figures are in a table for screen readers.
 */
export function SalesChart({ days }: { days: Day[] }) {
  const box = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const total = days.reduce((sum, day) => sum + day.totalKobo, 0);
  const orders = days.reduce((sum, day) => sum + day.orders, 0);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      days.map((day) => dayStart(day.date)),
      days.map((day) => day.totalKobo / 100),
    ];
    const size = () => ({
      width: Math.max(200, element.clientWidth),
      height: element.clientWidth < 480 ? 200 : 260,
    });
    const chart = new uPlot(
      {
        ...size(),
        // The days are Lagos days already: draw them as they are.
        tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), 'Etc/UTC'),
        legend: { show: false },
        cursor: { y: false, drag: { x: false, y: false }, points: { show: false } },
        scales: {
          // Half a day either side, so the first and last bars are whole.
          x: { time: true, range: (_u, min, max) => [min - 43_200, max + 43_200] },
          y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1000] },
        },
        series: [
          {},
          {
            label: 'Paid sales',
            stroke: '#111111',
            fill: 'rgba(17, 17, 17, 0.85)',
            width: 0,
            paths: uPlot.paths.bars?.({ size: [0.7, 24] }),
            points: { show: false },
          },
        ],
        axes: [
          {
            stroke: '#525252',
            grid: { show: false },
            ticks: { show: false },
            gap: 8,
            values: (_u, splits) =>
              splits.map((split) => formatShortDay(new Date(split * 1000).toISOString().slice(0, 10))),
          },
          {
            stroke: '#525252',
            grid: { stroke: '#e5e5e5', width: 1 },
            ticks: { show: false },
            size: 64,
            values: (_u, splits) => splits.map((split) => shortNaira.format(split)),
          },
        ],
        hooks: {
          setCursor: [(u) => setHovered(u.cursor.idx ?? null)],
        },
      },
      data,
      element,
    );
    const observer = new ResizeObserver(() => chart.setSize(size()));
    observer.observe(element);
    return () => {
      observer.disconnect();
      chart.destroy();
    };
  }, [days]);

  const shown = hovered === null ? null : days[hovered];
  return (
    <figure className="min-w-0">
      <style>{uplotCss}</style>
      <figcaption className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <span className="text-sm text-neutral-700">
          {formatNaira(total)} from {orders} paid {orders === 1 ? 'order' : 'orders'} in the last{' '}
          {days.length} days (Lagos time)
        </span>
        <span aria-hidden="true" className="min-h-5 text-sm font-semibold tabular-nums">
          {shown
            ? `${formatShortDay(shown.date)}: ${formatNaira(shown.totalKobo)} · ${shown.orders} ${shown.orders === 1 ? 'order' : 'orders'}`
            : ''}
        </span>
      </figcaption>
      <div ref={box} aria-hidden="true" className="mt-3 w-full overflow-hidden" data-testid="sales-chart" />
      <table className="sr-only">
        <caption>Paid sales per day, {SHOP_TIME_ZONE.replace('Africa/', '')} time</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Paid sales</th>
            <th scope="col">Orders</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{formatShortDay(day.date)}</th>
              <td>{formatNaira(day.totalKobo)}</td>
              <td>{day.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
