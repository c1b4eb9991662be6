import { useTranslation } from 'react-i18next';
import { Autocomplete } from '../../components/autocomplete/autocomplete.tsx';
import { useCategorySuggest } from './api.ts';
import type { Category } from './api.ts';

export interface ServiceFieldProps {
  id?: string;
  name?: string;
  label: string;
  hideLabel?: boolean;
  placeholder?: string;
  maxLength?: number;
  /** The text in the field: searched as typed unless a suggestion is picked. */
  text: string;
  onTextChange: (text: string) => void;
  /** A service picked from the suggestions. */
  onPick: (category: Category) => void;
  labelClassName?: string;
  inputClassName?: string;
  className?: string;
}

/**
 * "What service?" on the landing hero and the search page: free text, with the services whose
 * name starts with what was typed suggested in the person's language (GET /categories/suggestions).
 */
export function ServiceField({ onPick, ...field }: ServiceFieldProps) {
  const { t } = useTranslation('categories');
  const suggest = useCategorySuggest();
  return (
    <Autocomplete<Category>
      {...field}
      onSelect={onPick}
      suggest={suggest}
      itemKey={(category) => category.slug}
      itemLabel={(category) => category.name}
      quietWhenEmpty
      texts={{
        searching: t('searching'),
        noMatches: t('no_matches'),
        failed: t('suggestions_failed'),
        retry: t('retry'),
        count: (count) => t('count', { count }),
        listLabel: t('suggestions'),
      }}
    />
  );
}
