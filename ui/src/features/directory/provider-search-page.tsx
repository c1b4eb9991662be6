import { useEffect, useId, useLayoutEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../components/page-frame.tsx';
import { HiddenParams, SearchFiltersPanel, SortSelect, useSearchAction } from './search-filters.tsx';
import { SearchResults } from './search-results.tsx';
import { filtersFromParams, panelFilters, paramsFromFilters } from './search-params.ts';
import type { SearchFilters } from './search-params.ts';
import type { PublicPage } from '@resuelve/contract';
import { useCategories, useTrendingCategories } from '../../entities/category/api.ts';
import { useMunicipalities } from '../../entities/geo/api.ts';
import { ServiceField } from '../../entities/category/service-field.tsx';
import { useProviderSearch } from './use-provider-search.ts';
import { Button } from '../../components/button.tsx';
import './providers.css';

/**
 * /providers (SPEC.md §2 Provider search): the URL is the search — each change pushes a history
 * entry, so a link can be shared, a reload keeps it, and back and forward step through it.
 */
export function ProviderSearchPage() {
  const { t } = useTranslation('providers');
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const filterCount = panelFilters(filters).length;
  const search = useProviderSearch(filters);
  const change = (next: SearchFilters) => setParams(paramsFromFilters(next));
  const head = useSearchHead(params);
  const filtersOpen = useOpenOnWideScreen();

  return (
    <PageFrame feature="directory" title={t('search.title')} head={head}>
      <div className="provider-search">
        <SearchBox
          filters={filters}
          value={filters.q}
          onSearch={(q) => change({ ...filters, q })}
          onPickService={(category) => change({ ...filters, q: '', category })}
        />
        <TrendingChips filters={filters} onChange={change} />
        <div className="provider-search__layout">
          <aside className="provider-search__filters">
            {/* Open beside the results on wide screens; folded above them on phones. */}
            <details className="filters-fold" open={filtersOpen}>
              <summary className="filters-fold__summary">{filterCount > 0 ? t('filters.toggle', { count: filterCount }) : t('filters.toggleNone')}</summary>
              <SearchFiltersPanel filters={filters} onChange={change} />
            </details>
          </aside>
          <section className="provider-search__results" aria-label={t('results.title')}>
            <div className="provider-search__toolbar">
              <SortSelect filters={filters} onChange={change} />
            </div>
            <SearchResults filters={filters} onChange={change} search={search} />
          </section>
        </div>
      </div>
    </PageFrame>
  );
}

/** The search's head (decision record 0036): its query and the names of its category and municipality. */
function useSearchHead(params: URLSearchParams): PublicPage {
  const categories = useCategories();
  const municipalities = useMunicipalities();
  const categorySlug = params.get('category');
  const municipalitySlug = params.get('municipality');
  const category = categories.data?.find((c) => c.slug === categorySlug);
  const municipality = municipalities.data?.find((m) => m.slug === municipalitySlug);
  return {
    kind: 'search',
    query: Object.fromEntries(params),
    category: category ? { slug: category.slug, name: category.name } : null,
    municipality: municipality ? { slug: municipality.slug, name: municipality.name } : null,
  };
}

function wideScreen(): boolean {
  return globalThis.matchMedia?.('(min-width: 900px)').matches ?? true;
}

/**
 * The filters start folded, as the server renders them (it cannot know the screen), and open
 * before the first paint on a wide screen; beside the results, opening moves nothing else.
 */
function useOpenOnWideScreen(): boolean {
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => {
    if (wideScreen()) setOpen(true);
  }, []);
  return open;
}

/** The text search; a service picked from its suggestions becomes the category filter instead. */
function SearchBox({
  filters,
  value,
  onSearch,
  onPickService,
}: {
  filters: SearchFilters;
  value: string;
  onSearch: (q: string) => void;
  onPickService: (slug: string) => void;
}) {
  const { t } = useTranslation('providers');
  const id = useId();
  const action = useSearchAction();
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // What the field shows: text typed before the app started counts too.
    onSearch(String(new FormData(event.currentTarget).get('q') ?? text).trim());
  }
  return (
    // A GET form keeping the other filters: it works before the app has started (decision 0040).
    <form role="search" className="search-box" method="get" action={action} onSubmit={submit}>
      <HiddenParams filters={filters} omit={['q']} />
      <ServiceField
        id={`${id}-q`}
        name="q"
        label={t('search.label')}
        hideLabel
        className="search-box__field"
        inputClassName="input search-box__input"
        text={text}
        maxLength={100}
        placeholder={t('search.placeholder')}
        onTextChange={setText}
        onPick={(category) => {
          setText('');
          onPickService(category.slug);
        }}
      />
      <Button type="submit" variant="primary">
        {t('search.submit')}
      </Button>
    </form>
  );
}

/** Trending categories (by recent bookings) as one-tap filters; the chosen one is pressed. */
function TrendingChips({ filters, onChange }: { filters: SearchFilters; onChange: (next: SearchFilters) => void }) {
  const { t } = useTranslation('providers');
  const trending = useTrendingCategories();
  const action = useSearchAction();
  // Their place is kept while they load, so the results below do not jump when they arrive.
  if (trending.isPending) {
    return (
      <div className="trending trending--pending" aria-hidden="true">
        <p className="trending__title">{t('trending.title')}</p>
        <div className="chip-list trending__chips" />
      </div>
    );
  }
  if (!trending.data || trending.data.length === 0) return null;
  return (
    <nav className="trending" aria-label={t('trending.title')}>
      <h2 className="trending__title">{t('trending.title')}</h2>
      {/* Each chip sends its category with the rest of the search: a GET before the app has started. */}
      <form method="get" action={action}>
        <HiddenParams filters={filters} omit={['category']} />
        <ul className="chip-list trending__chips">
          {trending.data.map((category) => {
            const pressed = filters.category === category.slug;
            return (
              <li key={category.slug}>
                <button
                  type="submit"
                  name="category"
                  value={pressed ? '' : category.slug}
                  className={`chip${pressed ? ' chip--on' : ''}`}
                  aria-pressed={pressed}
                  onClick={(event) => {
                    event.preventDefault();
                    onChange({ ...filters, category: pressed ? '' : category.slug });
                  }}
                >
                  {category.name}
                </button>
              </li>
            );
          })}
        </ul>
      </form>
    </nav>
  );
}
