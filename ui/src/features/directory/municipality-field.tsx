import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Autocomplete } from '../../components/autocomplete/autocomplete.tsx';
import type { AutocompleteTexts } from '../../components/autocomplete/autocomplete.tsx';
import { findMunicipality, useMunicipalities, useMunicipalitySuggest } from '../../entities/geo/api.ts';
import type { Municipality } from '../../entities/geo/api.ts';

export function useGeoTexts(): AutocompleteTexts {
  const { t } = useTranslation('geo');
  return {
    searching: t('searching'),
    noMatches: t('no_matches'),
    failed: t('failed'),
    retry: t('retry'),
    count: (count) => t('count', { count }),
    listLabel: t('suggestions'),
  };
}

/**
 * The municipality filter: type, pick a suggestion (by keyboard or pointer), and the search
 * follows; typing a full name and leaving the field uses it too; emptying it removes the filter.
 */
export function MunicipalityField({ name, value, onChange }: { name?: string; value: string; onChange: (slug: string) => void }) {
  const { t } = useTranslation('geo');
  const all = useMunicipalities();
  const suggest = useMunicipalitySuggest();
  const texts = useGeoTexts();
  const known = findMunicipality(all.data, value);
  const shown = known?.name ?? value;
  const [text, setText] = useState(shown);
  // The URL changed (back, a chip, "remove filter"): show what it now says.
  useEffect(() => setText(shown), [shown]);

  return (
    <div
      className="municipality-field"
      onBlur={(event) => {
        if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
        const typed = text.trim();
        if (!typed) {
          if (value) onChange('');
          return;
        }
        const match = findMunicipality(all.data, typed);
        if (match && match.slug !== value) onChange(match.slug);
        else if (!match) setText(shown);
      }}
    >
      <Autocomplete<Municipality>
        label={t('municipality')}
        name={name}
        text={text}
        onTextChange={(next) => {
          setText(next);
          if (!next.trim() && value) onChange('');
        }}
        onSelect={(m) => {
          setText(m.name);
          onChange(m.slug);
        }}
        suggest={suggest}
        itemKey={(m) => m.slug}
        itemLabel={(m) => m.name}
        texts={texts}
        placeholder={t('placeholder')}
      />
    </div>
  );
}
