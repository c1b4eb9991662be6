import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { numberFormat } from '@resuelve/contract';
import { findMunicipality, useMunicipalities } from '../../entities/geo/api.ts';
import { waitlistQueries } from '../../entities/waitlist/api.ts';
import { QueryState } from './list-parts.tsx';
import { useIntlLocale } from './use-admin-locale.ts';

/** The waitlist's figures (GET /waitlist/stats): totals, by role, the most asked-for places and trades. */
export function WaitlistFigures() {
  const { t } = useTranslation(['waitlist', 'landing']);
  const stats = useQuery({ ...waitlistQueries.stats(), meta: { silent: true } });
  const whole = numberFormat(useIntlLocale(), { maximumFractionDigits: 0 });
  const municipalities = useMunicipalities();
  if (!stats.data) return <QueryState query={stats} loading={t('admin.loading')} failed={t('admin.error')} />;
  const data = stats.data;
  const lastWeek = data.per_day.slice(-7).reduce((sum, day) => sum + day.count, 0);
  return (
    <section className="admin-waitlist-figures" aria-labelledby="admin-waitlist-figures">
      <h3 id="admin-waitlist-figures">{t('admin.figures')}</h3>
      <dl className="figures admin-figures">
        <Figure label={t('admin.total')} value={whole.format(data.total)} />
        <Figure label={t('admin.verified')} value={whole.format(data.verified)} />
        <Figure label={t('admin.clients')} value={whole.format(data.by_role.client)} />
        <Figure label={t('admin.providers')} value={whole.format(data.by_role.provider)} />
        <Figure label={t('admin.lastWeek')} value={whole.format(lastWeek)} />
      </dl>
      <div className="admin-figures__tops">
        <TopList title={t('admin.topMunicipalities')} items={data.top_municipalities.map((m) => ({ key: m.slug, label: findMunicipality(municipalities.data, m.slug)?.name ?? m.slug, count: m.count }))} />
        <TopList
          title={t('admin.topCategories')}
          items={data.top_categories.map((c) => ({ key: c.slug, label: t(`landing:categories.${c.slug}`, { defaultValue: c.slug }), count: c.count }))}
        />
      </div>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="admin-figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function TopList({ title, items }: { title: string; items: { key: string; label: string; count: number }[] }) {
  const { t } = useTranslation('waitlist');
  return (
    <div>
      <h4>{title}</h4>
      {items.length === 0 ? (
        <p className="muted">{t('admin.noFigures')}</p>
      ) : (
        <ol className="admin-top">
          {items.slice(0, 5).map((item) => (
            <li key={item.key}>
              <span>{item.label}</span> <strong>{item.count}</strong>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
