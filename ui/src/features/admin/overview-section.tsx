import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@resuelve/contract';
import { adminQueries } from '../../entities/admin/api.ts';
import { DailyChart, VerifiedChart } from './overview-charts.tsx';
import { QueryState } from './list-parts.tsx';
import { AdminSectionFrame } from './section-frame.tsx';
import { useIntlLocale } from './use-admin-locale.ts';

const periods = [7, 30, 90] as const;

/** /admin: sign-ups, bookings and active clients per day, verified providers, and what waits for an admin. */
export function OverviewSection() {
  const { t } = useTranslation('admin');
  const locale = useIntlLocale();
  const [days, setDays] = useState<(typeof periods)[number]>(30);
  const overview = useQuery({ ...adminQueries.overview(days), meta: { silent: true } });
  const number = numberFormat(locale, { maximumFractionDigits: 0 });
  const periodPicker = (
    <label className="admin-period row">
      <span className="field__label">{t('overview.period')}</span>
      <select className="select" value={days} onChange={(e) => setDays(Number(e.target.value) as (typeof periods)[number])}>
        {periods.map((option) => (
          <option key={option} value={option}>
            {t('overview.last_days', { count: option })}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <AdminSectionFrame title={t('sections.overview')} actions={periodPicker}>
      <QueryState query={overview} loading={t('overview.loading')} failed={t('overview.failed')} />
      {overview.data && (
        <>
          <dl className="figures admin-tiles">
            <div className="admin-tile">
              <dt>{t('overview.tiles.providers')}</dt>
              <dd>{number.format(overview.data.providers.listed)}</dd>
            </div>
            <div className="admin-tile">
              <dt>{t('overview.tiles.verified')}</dt>
              <dd>{number.format(overview.data.providers.verified)}</dd>
            </div>
            <div className="admin-tile">
              <dt>{t('overview.tiles.active_clients', { count: days })}</dt>
              <dd>{number.format(overview.data.active_clients)}</dd>
            </div>
            <div className="admin-tile">
              <dt>{t('overview.tiles.pending')}</dt>
              <dd>
                <Link to="/admin/verification">{number.format(overview.data.pending_verifications)}</Link>
              </dd>
            </div>
            <div className="admin-tile">
              <dt>{t('overview.tiles.suspended')}</dt>
              <dd>{number.format(overview.data.suspended_accounts)}</dd>
            </div>
          </dl>
          <div className="admin-charts">
            <DailyChart overview={overview.data} series="signups" kind="line" />
            <DailyChart overview={overview.data} series="bookings" kind="bar" />
            <VerifiedChart overview={overview.data} />
            <DailyChart overview={overview.data} series="active_clients" kind="line" />
          </div>
        </>
      )}
    </AdminSectionFrame>
  );
}
