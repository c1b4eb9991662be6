import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Autocomplete } from '../../components/autocomplete/autocomplete.tsx';
import { useMunicipalitySuggest } from '../../entities/geo/api.ts';
import type { Municipality } from '../../entities/geo/api.ts';
import { ServiceField } from '../../entities/category/service-field.tsx';
import type { Category } from '../../entities/category/api.ts';
import { categoryPath, popularCategories, searchPath } from './service-catalog.ts';
import { Button } from '../../components/button.tsx';
import { usePublicPath } from '../../lib/public-path.ts';

export const serviceInputId = 'landing-service';

/** The hero: what the product does and a search by service and city or area, sent to /providers. */
export function HeroSearch() {
  const { t } = useTranslation('landing');
  const navigate = useNavigate();
  const publicPath = usePublicPath();
  const [service, setService] = useState('');
  const [area, setArea] = useState('');
  // The municipality picked from the suggestions, while the text still shows its name.
  const [picked, setPicked] = useState<Municipality | null>(null);
  // Likewise the service picked from its suggestions: searched as that category.
  const [pickedService, setPickedService] = useState<Category | null>(null);
  const suggest = useMunicipalitySuggest();
  const { t: tGeo } = useTranslation('geo');

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // What the fields show, as the form would send it: text typed before the app started counts too.
    const form = new FormData(event.currentTarget);
    const typedService = String(form.get('q') ?? service).trim();
    const typedArea = String(form.get('municipality') ?? area).trim();
    const category = pickedService && pickedService.name === typedService ? pickedService.slug : null;
    navigate(publicPath(searchPath(category ? '' : typedService, picked && picked.name === typedArea ? picked.slug : typedArea, category)));
  }

  return (
    // The municipality suggestions hang below the form: clip the hero sideways only.
    <section className="landing-hero" aria-labelledby="landing-hero-title" style={{ overflowX: 'clip', overflowY: 'visible' }}>
      <div className="landing-hero__inner">
        <p className="landing-hero__eyebrow">{t('hero.eyebrow')}</p>
        <h1 id="landing-hero-title" className="landing-hero__title">
          {t('hero.title')}
        </h1>
        <p className="landing-hero__subtitle">{t('hero.subtitle')}</p>

        {/* A plain GET form to the search until the app has started (and without JavaScript): the same
            parameters as searchPath's; a place sorts nearest first there (decision 0040). */}
        <form className="landing-search" role="search" aria-label={t('hero.searchLabel')} method="get" action={publicPath('/providers')} onSubmit={submit}>
          <input type="hidden" name="sort" value="distance" />
          <div className="landing-search__field">
            <ServiceField
              id={serviceInputId}
              name="q"
              label={t('hero.serviceLabel')}
              labelClassName="landing-search__label"
              inputClassName="landing-search__input"
              placeholder={t('hero.servicePlaceholder')}
              maxLength={100}
              text={service}
              onTextChange={setService}
              onPick={(category) => {
                setPickedService(category);
                setService(category.name);
              }}
            />
          </div>
          <div className="landing-search__field">
            <Autocomplete<Municipality>
              id="landing-area"
              name="municipality"
              label={t('hero.areaLabel')}
              labelClassName="landing-search__label"
              inputClassName="landing-search__input"
              placeholder={t('hero.areaPlaceholder')}
              text={area}
              onTextChange={setArea}
              onSelect={(municipality) => {
                setPicked(municipality);
                setArea(municipality.name);
              }}
              suggest={suggest}
              itemKey={(m) => m.slug}
              itemLabel={(m) => m.name}
              texts={{
                searching: tGeo('searching'),
                noMatches: tGeo('no_matches'),
                failed: tGeo('failed'),
                retry: tGeo('retry'),
                count: (count) => tGeo('count', { count }),
                listLabel: tGeo('suggestions'),
              }}
            />
          </div>
          <Button type="submit" variant="accent" className="landing-search__submit">
            <SearchIcon />
            {t('hero.submit')}
          </Button>
        </form>

        <div className="landing-hero__popular">
          <span>{t('hero.popular')}</span>
          <ul className="chip-list">
            {popularCategories.map((slug) => (
              <li key={slug}>
                <Link className="landing-chip" to={publicPath(categoryPath(slug))}>
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
