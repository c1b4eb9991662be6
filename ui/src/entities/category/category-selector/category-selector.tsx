import { useId, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '../api.ts';
import { suggestionMinChars } from '../api.ts';
import { FieldError } from '../../../components/field-error.tsx';
import { CategoryBrowser, type CategoryChoice } from './category-browser.tsx';
import { useSuggestions } from './use-suggestions.ts';
import { useListboxKeys } from '../../../components/autocomplete/use-listbox-keys.ts';
import './category-selector.css';

export interface CategorySelectorProps extends CategoryChoice {
  label: string;
  onChange: (ids: number[]) => void;
  /** Suggestions for a text of 2+ characters (GET /categories/suggestions). */
  suggest: (q: string, signal?: AbortSignal) => Promise<Category[]>;
  hint?: string;
  /** The translated error to show, or null. */
  error?: string | null;
  inputRef?: Ref<HTMLInputElement>;
  /** Wait after the last keystroke before asking for suggestions. */
  debounceMs?: number;
}

/**
 * Choose service categories (SPEC.md §2): a combobox following the ARIA 1.2 pattern (suggestions
 * for 2+ characters, arrows move, Enter picks, Escape closes), the choice as removable chips
 * (Backspace on the empty input removes the last), and a list of every category by group.
 */
export function CategorySelector(props: CategorySelectorProps) {
  const { label, value, onChange, items, suggest, hint, error, inputRef, debounceMs = 250 } = props;
  const { t } = useTranslation('categories');
  const id = useId();
  const [text, setText] = useState('');
  const [dismissed, setDismissed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [announcement, setAnnouncement] = useState('');
  // Names of categories picked from suggestions, in case the full list has not arrived.
  const [known, setKnown] = useState<Record<number, Category>>({});
  const chipRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const ownInput = useRef<HTMLInputElement | null>(null);
  const suggestions = useSuggestions(text, suggest, debounceMs, attempt);

  const byId = useMemo(() => {
    const map = new Map<number, Category>(Object.values(known).map((c) => [c.id, c]));
    for (const c of items ?? []) map.set(c.id, c);
    return map;
  }, [items, known]);

  const open = !dismissed && text.trim().length >= suggestionMinChars && suggestions.status !== 'idle';
  const options = suggestions.status === 'ready' ? suggestions.items : [];
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const optionId = (c: Category) => `${id}-opt-${c.id}`;
  const { active, setActive, activeOption, onKeyDown: listboxKeys } = useListboxKeys({ open, options, setDismissed });

  const nameOf = (categoryId: number) => byId.get(categoryId)?.name ?? t('unknown', { id: categoryId });

  function toggle(category: Category) {
    setKnown((prev) => ({ ...prev, [category.id]: category }));
    if (value.includes(category.id)) {
      onChange(value.filter((v) => v !== category.id));
      setAnnouncement(t('removed', { name: category.name }));
    } else {
      onChange([...value, category.id]);
      setAnnouncement(t('added', { name: category.name }));
    }
  }

  function remove(categoryId: number) {
    onChange(value.filter((v) => v !== categoryId));
    setAnnouncement(t('removed', { name: nameOf(categoryId) }));
  }

  function pick(category: Category) {
    toggle(category);
    setText('');
    setActive(-1);
    setDismissed(false);
    ownInput.current?.focus();
  }

  function onInputKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (listboxKeys(event)) return;
    switch (event.key) {
      case 'Enter':
        // Enter belongs to the combobox while there is text: it never submits the form around it.
        if (text.trim() || open) event.preventDefault();
        if (activeOption) pick(activeOption);
        return;
      case 'Escape':
        // An open list was closed above; a closed one's Escape clears the text.
        if (text) {
          event.preventDefault();
          setText('');
        }
        return;
      case 'Backspace': {
        const last = value[value.length - 1];
        if (text === '' && last !== undefined) {
          event.preventDefault();
          remove(last);
        }
        return;
      }
      default:
    }
  }

  function onChipKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (event.key !== 'Backspace' && event.key !== 'Delete') return;
    event.preventDefault();
    const categoryId = value[index];
    if (categoryId === undefined) return;
    remove(categoryId);
    // Keep the keyboard near where it was: the chip before, else the input.
    const previous = chipRefs.current[index - 1];
    if (previous) previous.focus();
    else ownInput.current?.focus();
  }

  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`category-selector${error ? ' category-selector--invalid' : ''}`}>
      <label className="category-selector__label" htmlFor={`${id}-input`}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className="field-hint category-selector__hint">
          {hint}
        </p>
      )}
      {value.length > 0 && (
        <ul className="chip-list" aria-label={t('selected', { count: value.length })}>
          {value.map((categoryId, index) => (
            <li key={categoryId} className="category-chip">
              <span>{nameOf(categoryId)}</span>
              <button
                type="button"
                ref={(el) => {
                  chipRefs.current[index] = el;
                }}
                className="category-chip__remove"
                aria-label={t('remove', { name: nameOf(categoryId) })}
                onClick={() => {
                  remove(categoryId);
                  ownInput.current?.focus();
                }}
                onKeyDown={(event) => onChipKeyDown(event, index)}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="category-selector__combo">
        <input
          id={`${id}-input`}
          ref={(el) => {
            ownInput.current = el;
            if (typeof inputRef === 'function') inputRef(el);
            else if (inputRef) inputRef.current = el;
          }}
          className="input category-selector__input"
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('placeholder')}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(activeOption) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setDismissed(false);
            setActive(-1);
          }}
          onKeyDown={onInputKeyDown}
          onBlur={() => setDismissed(true)}
          onFocus={() => setDismissed(false)}
        />
        <div className="category-selector__popup" hidden={!open}>
          <ul id={listId} role="listbox" aria-label={t('suggestions')} aria-multiselectable="true" className="category-selector__list">
            {options.map((category, index) => (
              <li
                key={category.id}
                id={optionId(category)}
                role="option"
                aria-selected={value.includes(category.id)}
                className={`category-option${index === active ? ' category-option--active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => pick(category)}
              >
                <span className="category-option__name">{category.name}</span>
                <span className="category-option__group">{t(`groups.${category.group}`, { defaultValue: category.group })}</span>
              </li>
            ))}
          </ul>
          {suggestions.status === 'loading' && <p className="category-selector__state">{t('searching')}</p>}
          {suggestions.status === 'ready' && options.length === 0 && <p className="category-selector__state">{t('no_matches')}</p>}
          {suggestions.status === 'error' && (
            <p className="category-selector__state category-selector__state--error">
              {t('suggestions_failed')}{' '}
              <button type="button" className="link-button" onMouseDown={(e) => e.preventDefault()} onClick={() => setAttempt((n) => n + 1)}>
                {t('retry')}
              </button>
            </p>
          )}
        </div>
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      <p className="visually-hidden" aria-live="polite">
        {open && suggestions.status === 'ready' ? t('count', { count: options.length }) : ''} {announcement}
      </p>
      <CategoryBrowser {...props} onToggle={toggle} groupLabel={(group) => t(`groups.${group}`, { defaultValue: group })} />
    </div>
  );
}
