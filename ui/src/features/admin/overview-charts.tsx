import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArcElement, BarElement, CategoryScale, Chart as ChartJS, Filler, Legend, LinearScale, LineElement, PointElement, Tooltip } from 'chart.js';
import { Bar, Doughnut, Line } from 'react-chartjs-2';
import { numberFormat, type AdminOverview } from '@resuelve/contract';
import { useDateFormat } from '../../lib/date-format.ts';
import { useIntlLocale } from './use-admin-locale.ts';

// Only the pieces these charts draw, so the rest of chart.js stays out of the bundle.
ChartJS.register(CategoryScale, LinearScale, PointElement, LineElement, BarElement, ArcElement, Filler, Tooltip, Legend);

/** A design token's value (tokens.css), for the canvas, which cannot read CSS variables itself. */
function token(name: string, fallback: string): string {
  if (typeof document === 'undefined') return fallback;
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || fallback;
}

type Series = 'signups' | 'bookings' | 'active_clients';

interface ChartProps {
  overview: AdminOverview;
}

/** The day labels ("25 nov") and the series' figures. */
function useDays(overview: AdminOverview) {
  const dates = useDateFormat();
  return useMemo(() => overview.days.map((day) => ({ ...day, label: dates.day(day.date, { year: false }) })), [overview, dates]);
}

/** A chart with its caption and, for screen readers, the same figures as a table. */
function ChartFigure({ title, rows, children }: { title: string; rows: [string, number][]; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const locale = useIntlLocale();
  const number = numberFormat(locale, { maximumFractionDigits: 0 });
  return (
    <figure className="admin-chart">
      <figcaption className="admin-chart__title">{title}</figcaption>
      <div className="admin-chart__canvas" aria-hidden="true">
        {children}
      </div>
      <table className="visually-hidden">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{t('overview.table_label')}</th>
            <th scope="col">{t('overview.table_value')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{number.format(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

const baseOptions = {
  responsive: true,
  maintainAspectRatio: false,
  animation: false as const,
  plugins: { legend: { display: false } },
  scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
};

export function DailyChart({ overview, series, kind }: ChartProps & { series: Series; kind: 'line' | 'bar' }) {
  const { t } = useTranslation('admin');
  const days = useDays(overview);
  const title = t(`overview.charts.${series}`);
  const primary = token('--color-primary', '#0f766e');
  const soft = token('--color-primary-soft', '#ccfbf1');
  const accent = token('--color-accent', '#f0684f');
  const data = {
    labels: days.map((d) => d.label),
    datasets: [
      {
        label: title,
        data: days.map((d) => d[series]),
        borderColor: series === 'bookings' ? accent : primary,
        backgroundColor: series === 'bookings' ? accent : soft,
        fill: kind === 'line',
        tension: 0.25,
        pointRadius: 2,
      },
    ],
  };
  return (
    <ChartFigure title={title} rows={days.map((d) => [d.label, d[series]])}>
      {kind === 'line' ? <Line data={data} options={baseOptions} /> : <Bar data={data} options={baseOptions} />}
    </ChartFigure>
  );
}

export function VerifiedChart({ overview }: ChartProps) {
  const { t } = useTranslation('admin');
  const { listed, verified } = overview.providers;
  const rows: [string, number][] = [
    [t('overview.verified'), verified],
    [t('overview.not_verified'), Math.max(0, listed - verified)],
  ];
  const data = {
    labels: rows.map(([label]) => label),
    datasets: [{ data: rows.map(([, value]) => value), backgroundColor: [token('--color-primary', '#0f766e'), token('--color-border', '#e4e0d8')] }],
  };
  return (
    <ChartFigure title={t('overview.charts.verified')} rows={rows}>
      <Doughnut data={data} options={{ responsive: true, maintainAspectRatio: false, animation: false, plugins: { legend: { position: 'bottom' } } }} />
    </ChartFigure>
  );
}
