import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { intlLocale, numberFormat, toLocale } from '@resuelve/contract';
import { Skeleton } from '../../components/skeleton.tsx';
import { analyticsQueries } from '../../entities/analytics/api.ts';
import { categoryQueries } from '../../entities/category/api.ts';
import { Button } from '../../components/button.tsx';
import './site-figures.css';
import { LandingSection } from './landing-section.tsx';

/**
 * The site's figures (GET /analytics/website-stats), formatted for the language: only what a
 * visitor can weigh (who works here, what got done, how it was rated, where). No count of client
 * accounts: "Clientes 151" said nothing to a visitor and read as a boast (issue 27, point 10).
 */
export function SiteFigures() {
  const { t, i18n } = useTranslation('landing');
  const stats = useQuery({ ...analyticsQueries.websiteStats(), meta: { silent: true } });
  const language = toLocale(i18n.language);
  const locale = intlLocale[language];
  // The categories' names in the page's language (the figures name them by slug).
  const categories = useQuery({ ...categoryQueries.list(language), meta: { silent: true } });
  const nameOf = (slug: string) => categories.data?.find((category) => category.slug === slug)?.name ?? t(`categories.${slug}`, { defaultValue: slug });
  const whole = numberFormat(locale, { maximumFractionDigits: 0 });
  const rating = numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <LandingSection titleId="landing-figures-title" title={t('figures.title')} subtitle={t('figures.subtitle')} className="site-figures" busy={stats.isPending}>
      {stats.isPending && (
        <div className="site-figures__grid" aria-label={t('figures.loading')}>
          {[1, 2, 3, 4].map((n) => (
            <Skeleton key={n} shape="card" />
          ))}
        </div>
      )}
      {stats.isError && (
        <div className="alert alert-error site-figures__error" role="alert">
          <p>{t('figures.error')}</p>
          <Button variant="secondary" onClick={() => void stats.refetch()}>
            {t('figures.retry')}
          </Button>
        </div>
      )}
      {stats.data && (
        <>
          <dl className="site-figures__grid">
            <Figure label={t('figures.providers')} value={whole.format(stats.data.providers)} />
            <Figure label={t('figures.completedJobs')} value={whole.format(stats.data.completed_jobs)} />
            <Figure
              label={t('figures.rating')}
              value={rating.format(stats.data.average_rating)}
              hint={t('figures.ratingValue', { value: rating.format(stats.data.average_rating) })}
            />
            <Figure label={t('figures.municipalities')} value={whole.format(stats.data.municipalities_served)} />
          </dl>
          {stats.data.top_categories.length > 0 && (
            <div className="site-figures__top">
              <h3>{t('figures.topCategories')}</h3>
              <ol className="chip-list">
                {stats.data.top_categories.map((category) => (
                  <li key={category.slug} className="site-figures__category">
                    <span>{nameOf(category.slug)}</span>{' '}
                    <span className="muted">{t('figures.categoryProviders', { count: category.providers, formatParams: { count: { locale } } })}</span>
                  </li>
                ))}
              </ol>
            </div>
          )}
        </>
      )}
    </LandingSection>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="site-figures__item">
      <dt>{label}</dt>
      <dd>
        <span className="site-figures__value" aria-hidden={hint ? true : undefined}>
          {value}
        </span>
        {hint && <span className="visually-hidden">{hint}</span>}
      </dd>
    </div>
  );
}

/**
 * Under the hero: three real figures in one line (providers, municipalities served, the average
 * rating), the same answer as the figures section. Nothing while loading or on an error: the
 * section below says those.
 */
export function FiguresStrip() {
  const { t, i18n } = useTranslation('landing');
  const stats = useQuery({ ...analyticsQueries.websiteStats(), meta: { silent: true } });
  const locale = intlLocale[toLocale(i18n.language)];
  if (!stats.data) return <div className="figures-strip figures-strip--empty" aria-hidden="true" />;
  const whole = numberFormat(locale, { maximumFractionDigits: 0 });
  const rating = numberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  return (
    <ul className="figures-strip" aria-label={t('figures.title')}>
      <li>
        <strong>{whole.format(stats.data.providers)}</strong> {t('figures.strip_providers', { count: stats.data.providers })}
      </li>
      <li>
        <strong>{whole.format(stats.data.municipalities_served)}</strong> {t('figures.strip_municipalities', { count: stats.data.municipalities_served })}
      </li>
      {stats.data.average_rating > 0 && (
        <li>
          <strong>★ {rating.format(stats.data.average_rating)}</strong> {t('figures.strip_rating')}
        </li>
      )}
    </ul>
  );
}
