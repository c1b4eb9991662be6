import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingNote } from '../../components/pending-note.tsx';
import { SavedDataNote } from '../../components/saved-data-note.tsx';
import { useConnectionState } from '../../lib/connection.ts';
import { PlacesMap } from '../../components/map/places-map.tsx';
import type { MapPlace } from '../../components/map/places-map.tsx';
import { useMunicipalities } from '../../entities/geo/api.ts';
import { useProviderRewards } from '../../entities/loyalty/use-provider-rewards.ts';
import type { ProviderSummary } from '../../entities/provider/api.ts';
import { ProviderCard, ProviderCardSkeleton } from './provider-card.tsx';
import { activeFilters, widerRadius, withoutFilter } from './search-params.ts';
import type { SearchFilters } from './search-params.ts';
import type { useProviderSearch } from './use-provider-search.ts';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { usePublicPath } from '../../lib/public-path.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

interface ResultsProps {
  filters: SearchFilters;
  onChange: (next: SearchFilters) => void;
  search: ReturnType<typeof useProviderSearch>;
}

/** Results with their loading, error, empty and "more" states, and their map. */
export function SearchResults({ filters, onChange, search }: ResultsProps) {
  const { t } = useTranslation('providers');
  const { items } = search;
  const offline = useConnectionState() !== 'online';
  // Buttons that need the app's code wait for it (decision 0040).
  const hydrated = useHydrated();
  const rewards = useProviderRewards(items.map((provider) => provider.id));

  if (search.isPending && offline) return <PendingNote className="search-state card">{t('results.loading')}</PendingNote>;

  if (search.isPending) {
    return (
      <div className="search-results" aria-busy="true">
        <p className="visually-hidden" role="status">
          {t('results.loading')}
        </p>
        <div className="provider-grid">
          {[0, 1, 2, 3].map((n) => (
            <ProviderCardSkeleton key={n} />
          ))}
        </div>
      </div>
    );
  }

  if (search.isError && items.length === 0) {
    return (
      <div className="search-state card" role="alert">
        <h2>{t('results.error_title')}</h2>
        <p className="muted">{t('results.error_text')}</p>
        <Button variant="primary" onClick={() => void search.refetch()}>
          {t('results.retry')}
        </Button>
      </div>
    );
  }

  if (items.length === 0) return <EmptyResults filters={filters} onChange={onChange} />;

  return (
    <div className="search-results">
      <SavedDataNote updatedAt={search.dataUpdatedAt} />
      <p className="search-results__count" role="status">
        {search.hasNextPage ? t('results.shown_more', { count: items.length }) : t('results.shown', { count: items.length })}
      </p>
      <ResultsMap items={items} />
      <ul className="provider-grid" aria-label={t('results.list')}>
        {items.map((provider, index) => (
          <li key={provider.id}>
            <ProviderCard provider={provider} reward={rewards.get(provider.id)} priority={index === 0} />
          </li>
        ))}
      </ul>
      {search.isFetchNextPageError && (
        <p className="field-error" role="alert">
          {t('results.more_failed')}
        </p>
      )}
      {search.hasNextPage && (
        <Button
          variant="secondary"
          className="search-results__more"
          disabled={search.isFetchingNextPage || !hydrated}
          onClick={() => void search.fetchNextPage()}
        >
          {search.isFetchingNextPage ? t('results.loading_more') : t('results.load_more')}
        </Button>
      )}
    </div>
  );
}

/** Nothing found: each active filter can be removed, and the area can grow. */
function EmptyResults({ filters, onChange }: Omit<ResultsProps, 'search'>) {
  const { t } = useTranslation('providers');
  const active = activeFilters(filters);
  const wider = filters.municipality ? widerRadius(filters.radius_km) : null;
  const hydrated = useHydrated();
  return (
    <EmptyState
      icon="search"
      title={t('empty.title')}
      text={active.length > 0 ? t('empty.text_filters') : t('empty.text_none')}
      action={
        active.length > 0 || wider ? (
          <>
            {wider && (
              <Button variant="primary" disabled={!hydrated} onClick={() => onChange({ ...filters, radius_km: wider })}>
                {t('empty.widen', { count: wider })}
              </Button>
            )}
            {active.map((name) => (
              <Button key={name} variant="secondary" disabled={!hydrated} onClick={() => onChange(withoutFilter(filters, name))}>
                {t(`empty.remove.${name}`)}
              </Button>
            ))}
          </>
        ) : null
      }
    />
  );
}

/**
 * The results on a map, shown when asked: the cards come first on a phone, and the map (Leaflet,
 * the tile server) costs the page nothing until the person wants it.
 */
function ResultsMap({ items }: { items: ProviderSummary[] }) {
  const { t } = useTranslation('providers');
  const [open, setOpen] = useState(false);
  const id = useId();
  const hydrated = useHydrated();
  return (
    <div className="search-results__map">
      <Button variant="quiet" size="sm" disabled={!hydrated} aria-expanded={open} aria-controls={id} onClick={() => setOpen((value) => !value)}>
        {open ? t('map.hide') : t('map.show')}
      </Button>
      <div id={id}>{open ? <ResultsPlaces items={items} /> : null}</div>
    </div>
  );
}

/** Providers at their own point, else spread around their municipality's centre. */
function ResultsPlaces({ items }: { items: ProviderSummary[] }) {
  const { t } = useTranslation('providers');
  const publicPath = usePublicPath();
  const municipalities = useMunicipalities();
  const bySlug = new Map((municipalities.data ?? []).map((m) => [m.slug, m]));
  const places: MapPlace[] = [];
  items.forEach((provider, index) => {
    if (provider.location) {
      places.push({ id: provider.id, name: provider.company_name, detail: provider.municipality?.name, ...provider.location, href: publicPath(`/providers/${provider.id}`) });
      return;
    }
    const m = provider.municipality ? bySlug.get(provider.municipality.slug) : undefined;
    if (!m) return;
    // Several providers of one town would hide each other: spread them a little around the centre.
    const angle = index * 2.399;
    const spread = 0.004 * Math.sqrt(index % 12);
    places.push({
      id: provider.id,
      name: provider.company_name,
      detail: provider.municipality?.name,
      lat: m.lat + spread * Math.sin(angle),
      lng: m.lng + spread * Math.cos(angle),
      href: publicPath(`/providers/${provider.id}`),
    });
  });
  if (places.length === 0) return null;
  return <PlacesMap places={places} label={t('map.results')} listTitle={t('map.results_list')} />;
}
