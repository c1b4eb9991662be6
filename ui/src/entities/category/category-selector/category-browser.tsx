import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '../api.ts';
import { Button } from '../../../components/button.tsx';

/** The categories the selector lists and which of them are chosen. */
export interface CategoryChoice {
  /** Chosen category ids. */
  value: readonly number[];
  /** Every category (GET /categories), for the browsable list and the chips' names. */
  items: readonly Category[] | undefined;
  itemsState: 'loading' | 'error' | 'ready';
  onRetryItems?: () => void;
}

interface CategoryBrowserProps extends CategoryChoice {
  onToggle: (category: Category) => void;
  groupLabel: (group: string) => string;
}

/** Every category by group, as checkboxes, for people who would rather pick than type. */
export function CategoryBrowser({ value, items, itemsState, onRetryItems, onToggle, groupLabel }: CategoryBrowserProps) {
  const { t } = useTranslation('categories');
  const id = useId();
  const [expanded, setExpanded] = useState(false);

  const groups = useMemo(() => {
    const byGroup = new Map<string, Category[]>();
    for (const category of items ?? []) {
      const list = byGroup.get(category.group) ?? [];
      list.push(category);
      byGroup.set(category.group, list);
    }
    return [...byGroup.entries()];
  }, [items]);

  return (
    <div className="category-browser">
      <Button
        variant="quiet"
        className="category-browser__toggle"
        aria-expanded={expanded}
        aria-controls={`${id}-panel`}
        onClick={() => setExpanded((v) => !v)}
      >
        <span aria-hidden="true">{expanded ? '▾' : '▸'}</span> {expanded ? t('browse_hide') : t('browse_show')}
      </Button>
      <div id={`${id}-panel`} className="category-browser__panel" hidden={!expanded}>
        {itemsState === 'loading' && (
          <p className="muted" role="status">
            {t('loading')}
          </p>
        )}
        {itemsState === 'error' && (
          <p className="alert alert-error" role="alert">
            {t('load_failed')}{' '}
            {onRetryItems && (
              <button type="button" className="link-button" onClick={onRetryItems}>
                {t('retry')}
              </button>
            )}
          </p>
        )}
        {itemsState === 'ready' && groups.length === 0 && <p className="muted">{t('empty')}</p>}
        {itemsState === 'ready' &&
          groups.map(([group, list]) => (
            <fieldset key={group} className="choice-group category-browser__group">
              <legend>{groupLabel(group)}</legend>
              <div className="category-browser__options wrap-row">
                {list.map((category) => (
                  <label key={category.id} className="choice-pill check-pill">
                    <input type="checkbox" checked={value.includes(category.id)} onChange={() => onToggle(category)} />
                    <span>{category.name}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
      </div>
    </div>
  );
}
