import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { categoryPath, popularCategories, searchPath } from './service-catalog.ts';

export const serviceInputId = 'landing-service';

/** The hero: what the product does and a search by service and city or area, sent to /providers. */
export function HeroSearch() {
  const { t } = useTranslation('landing');
  const navigate = useNavigate();
  const [service, setService] = useState('');
  const [area, setArea] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    navigate(searchPath(service, area));
  }

  return (
    <section className="landing-hero" aria-labelledby="landing-hero-title">
      <div className="landing-hero__inner">
        <p className="landing-hero__eyebrow">{t('hero.eyebrow')}</p>
        <h1 id="landing-hero-title" className="landing-hero__title">
          {t('hero.title')}
        </h1>
        <p className="landing-hero__subtitle">{t('hero.subtitle')}</p>

        <form className="landing-search" role="search" aria-label={t('hero.searchLabel')} onSubmit={submit}>
          <div className="landing-search__field">
            <label htmlFor={serviceInputId} className="landing-search__label">
              {t('hero.serviceLabel')}
            </label>
            <input
              id={serviceInputId}
              className="landing-search__input"
              type="search"
              name="q"
              autoComplete="off"
              placeholder={t('hero.servicePlaceholder')}
              value={service}
              onChange={(e) => setService(e.target.value)}
            />
          </div>
          <div className="landing-search__field">
            <label htmlFor="landing-area" className="landing-search__label">
              {t('hero.areaLabel')}
            </label>
            <input
              id="landing-area"
              className="landing-search__input"
              type="text"
              name="area"
              autoComplete="address-level2"
              placeholder={t('hero.areaPlaceholder')}
              value={area}
              onChange={(e) => setArea(e.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-accent landing-search__submit">
            <SearchIcon />
            {t('hero.submit')}
          </button>
        </form>

        <div className="landing-hero__popular">
          <span>{t('hero.popular')}</span>
          <ul className="chip-list">
            {popularCategories.map((slug) => (
              <li key={slug}>
                <Link className="landing-chip" to={categoryPath(slug)}>
                  {t(`categories.${slug}`)}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
