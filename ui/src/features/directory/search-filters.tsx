import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { lastBookableDay, providerSorts, sortByText } from '@resuelve/contract';
import type { ProviderSort } from '@resuelve/contract';
import { useCategories } from '../../entities/category/api.ts';
import { formatNumber, todayInPuertoRico, useLocale } from './format.ts';
import { MunicipalityField } from './municipality-field.tsx';
import { paramsFromFilters, radiusSteps, ratingSteps } from './search-params.ts';
import type { SearchFilters } from './search-params.ts';
import { Button } from '../../components/button.tsx';
import { usePublicPath } from '../../lib/public-path.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

/** The filters' GET form: the sort select beside the results belongs to it too (its `form`). */
export const searchFormId = 'search-filters';

/**
 * The search's other parameters, sent along by a GET form (before the app has started, or without
 * JavaScript, decision 0040), so a form changes its own fields and keeps the rest of the search.
 */
export function HiddenParams({ filters, omit }: { filters: SearchFilters; omit: readonly (keyof SearchFilters)[] }) {
  const params = [...paramsFromFilters(filters)].filter(([name]) => !(omit as readonly string[]).includes(name));
  return (
    <>
      {params.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

/** A filter chosen among numeric steps, or none (its first option): the radius, the minimum rating. */
function StepSelect(props: {
  id: string;
  name: string;
  label: string;
  value: number | null;
  steps: readonly number[];
  noneLabel: string;
  stepLabel: (step: number) => string;
  onChange: (value: number | null) => void;
}) {
  return (
    <div className="search-filters__field">
      <label htmlFor={props.id}>{props.label}</label>
      <select
        id={props.id}
        name={props.name}
        className="select"
        value={props.value ?? ''}
        onChange={(event) => props.onChange(event.target.value ? Number(event.target.value) : null)}
      >
        <option value="">{props.noneLabel}</option>
        {props.steps.map((step) => (
          <option key={step} value={step}>
            {props.stepLabel(step)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The address the search's GET forms are sent to, in the page's language. */
export function useSearchAction(): string {
  return usePublicPath()('/providers');
}

/**
 * Until the app has started, a change of filter or sort is sent by this button (a plain GET);
 * once it runs, every change applies at once and the button is gone (the last thing in the panel:
 * nothing moves).
 */
function ApplyFiltersButton() {
  const { t } = useTranslation('providers');
  const hydrated = useHydrated();
  if (hydrated) return null;
  return (
    <Button type="submit" form={searchFormId} variant="secondary" size="sm">
      {t('filters.apply')}
    </Button>
  );
}

interface FiltersProps {
  filters: SearchFilters;
  onChange: (next: SearchFilters) => void;
}

/** Filters of SPEC.md §2; every change goes straight to the URL (and so to the results). */
export function SearchFiltersPanel({ filters, onChange }: FiltersProps) {
  const { t } = useTranslation('providers');
  const locale = useLocale();
  const categories = useCategories();
  const id = useId();
  const set = (patch: Partial<SearchFilters>) => onChange({ ...filters, ...patch });
  const sorted = sortByText(locale, categories.data ?? [], (category) => category.name);
  const action = useSearchAction();

  return (
    // Sent as it stands only before the app has started; after, each change applies at once.
    <form id={searchFormId} method="get" action={action} onSubmit={(event) => event.preventDefault()}>
      <HiddenParams filters={filters} omit={['category', 'municipality', 'radius_km', 'min_rating', 'available_on', 'insured', 'verified', 'sort']} />
      <fieldset className="search-filters">
        <legend className="visually-hidden">{t('filters.title')}</legend>
        <div className="search-filters__field">
          <label htmlFor={`${id}-category`}>{t('filters.category')}</label>
          <select
            id={`${id}-category`}
            name="category"
            className="select"
            value={filters.category}
            onChange={(event) => set({ category: event.target.value })}
          >
            <option value="">{t('filters.any_category')}</option>
            {/* A slug from a shared link shows even before (or without) the list. */}
            {filters.category && !sorted.some((c) => c.slug === filters.category) && (
              <option value={filters.category}>{filters.category}</option>
            )}
            {sorted.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name}
              </option>
            ))}
          </select>
          {categories.isError && (
            <Button variant="quiet" onClick={() => void categories.refetch()}>
              {t('filters.categories_failed')}
            </Button>
          )}
        </div>
        <MunicipalityField name="municipality" value={filters.municipality} onChange={(municipality) => set({ municipality, radius_km: municipality ? filters.radius_km : null })} />
        {filters.municipality && (
          <StepSelect
            id={`${id}-radius`}
            name="radius_km"
            label={t('filters.radius')}
            value={filters.radius_km}
            steps={radiusSteps}
            noneLabel={t('filters.radius_municipality')}
            stepLabel={(km) => t('filters.radius_km', { count: km })}
            onChange={(radius_km) => set({ radius_km })}
          />
        )}
        <StepSelect
          id={`${id}-rating`}
          name="min_rating"
          label={t('filters.min_rating')}
          value={filters.min_rating}
          steps={ratingSteps}
          noneLabel={t('filters.any_rating')}
          stepLabel={(rating) => t('filters.rating_at_least', { rating: formatNumber(rating, locale) })}
          onChange={(min_rating) => set({ min_rating })}
        />
        <div className="search-filters__field">
          <label htmlFor={`${id}-date`}>{t('filters.available_on')}</label>
          <input
            id={`${id}-date`}
            name="available_on"
            className="input"
            type="date"
            min={todayInPuertoRico()}
            max={lastBookableDay(todayInPuertoRico())}
            value={filters.available_on}
            onChange={(event) => set({ available_on: event.target.value })}
          />
        </div>
        <div className="search-filters__checks stack">
          <label className="search-filters__check row">
            <input type="checkbox" name="insured" value="true" checked={filters.insured} onChange={(event) => set({ insured: event.target.checked })} />{' '}
            {t('filters.insured')}
          </label>
          <label className="search-filters__check row">
            <input type="checkbox" name="verified" value="true" checked={filters.verified} onChange={(event) => set({ verified: event.target.checked })} />{' '}
            {t('filters.verified')}
          </label>
        </div>
        <ApplyFiltersButton />
      </fieldset>
    </form>
  );
}

/** The order of the results; distance needs a municipality to measure from. */
export function SortSelect({ filters, onChange }: FiltersProps) {
  const { t } = useTranslation('providers');
  const publicPath = usePublicPath();
  const id = useId();
  const noPlace = !filters.municipality;
  return (
    <div className="search-sort row">
      <label htmlFor={`${id}-sort`}>{t('sort.label')}</label>
      <select
        id={`${id}-sort`}
        form={searchFormId}
        name="sort"
        className="select"
        value={noPlace && filters.sort === 'distance' ? 'relevance' : filters.sort}
        onChange={(event) => onChange({ ...filters, sort: event.target.value as ProviderSort })}
      >
        {providerSorts.map((sort) => (
          <option key={sort} value={sort} disabled={sort === 'distance' && noPlace}>
            {sort === 'distance' && noPlace ? t('sort.distance_needs_place') : t(`sort.${sort}`)}
          </option>
        ))}
      </select>
      <Link to={publicPath('/ranking')} className="search-sort__how">
        {t('sort.how')}
      </Link>
      {/* Without JavaScript the sort is sent from here; before the app starts, with the filters' button
          (one form), so nothing beside the results moves when the app takes over. */}
      <noscript>
        <Button type="submit" form={searchFormId} variant="secondary" size="sm">
          {t('filters.apply')}
        </Button>
      </noscript>
    </div>
  );
}
