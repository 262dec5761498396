import { useEffect, useRef } from "react";

export interface ChartSeries {
  label: string;
  values: readonly number[];
}

interface ReportChartProps {
  labels: readonly string[];
  series: readonly ChartSeries[];
  /** Bars across rather than up: long labels (categories, names) read better. */
  horizontal?: boolean;
  /** The value axis ends here (100 for a share in per cent); otherwise it fits the data. */
  max?: number;
  /** Bars of the series stacked into one per label. */
  stacked?: boolean;
}

// Colours a reader with colour-blindness can tell apart (Okabe and Ito's palette), in series order.
const COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00"];

/**
 * A bar chart drawn by Chart.js on a canvas. The canvas is hidden from assistive technology: the
 * table beside every chart holds the same figures for keyboard and screen-reader users.
 */
export function ReportChart({ labels, series, horizontal = false, max, stacked = false }: ReportChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  // Drawn again only when what it shows changes, not whenever the page renders.
  const drawn = JSON.stringify({ labels, series, horizontal, max, stacked });

  useEffect(() => {
    const { labels, series, horizontal, max, stacked } = JSON.parse(drawn) as Required<
      Omit<ReportChartProps, "max">
    > & { max?: number };
    let cancelled = false;
    let destroy = () => {};
    void import("../utils/chart-setup").then(({ Chart }) => {
      const context = canvas.current?.getContext("2d");
      if (cancelled || !context) return;
      const valueAxis = { beginAtZero: true, stacked, ...(max === undefined ? {} : { max }) };
      const chart = new Chart(context, {
        type: "bar",
        data: {
          labels: [...labels],
          datasets: series.map((one, index) => ({
            label: one.label,
            data: [...one.values],
            backgroundColor: COLOURS[index % COLOURS.length],
          })),
        },
        options: {
          indexAxis: horizontal ? "y" : "x",
          responsive: true,
          maintainAspectRatio: false,
          animation: false,
          scales: horizontal ? { x: valueAxis, y: { stacked } } : { x: { stacked }, y: valueAxis },
        },
      });
      destroy = () => chart.destroy();
    });
    return () => {
      cancelled = true;
      destroy();
    };
  }, [drawn]);

  return (
    <div className="report-chart" aria-hidden="true">
      <canvas ref={canvas} />
    </div>
  );
}
