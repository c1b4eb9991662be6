import { useEffect, useId, useState } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';
import './autocomplete.css';
import { useListboxKeys } from './use-listbox-keys.ts';

export interface AutocompleteTexts {
  /** Shown while suggestions load. */
  searching: string;
  noMatches: string;
  failed: string;
  retry: string;
  /** "3 suggestions", read by screen readers. */
  count: (n: number) => string;
  listLabel: string;
}

export interface AutocompleteProps<T> {
  label: ReactNode;
  /** The text in the field (controlled). */
  text: string;
  onTextChange: (text: string) => void;
  /** A suggestion chosen by click or Enter. */
  onSelect: (item: T) => void;
  suggest: (q: string, signal?: AbortSignal) => Promise<T[]>;
  itemKey: (item: T) => string;
  itemLabel: (item: T) => string;
  texts: AutocompleteTexts;
  minChars?: number;
  placeholder?: string;
  maxLength?: number;
  name?: string;
  id?: string;
  className?: string;
  debounceMs?: number;
  hideLabel?: boolean;
  /** A free-text field where suggestions are only a help: say nothing when there are none. */
  quietWhenEmpty?: boolean;
  /** Classes for a screen with its own field look (the landing hero). */
  labelClassName?: string;
  inputClassName?: string;
}

type State<T> = { status: 'idle' | 'loading' | 'error'; items: T[] } | { status: 'ready'; items: T[] };

/**
 * A single-choice text field with suggestions, the ARIA 1.2 combobox pattern of the category
 * selector: arrows move, Enter picks, Escape closes, the text may also stay free.
 */
export function Autocomplete<T>(props: AutocompleteProps<T>) {
  const { label, text, onTextChange, onSelect, suggest, itemKey, itemLabel, texts, minChars = 2, debounceMs = 200 } = props;
  const ownId = useId();
  const id = props.id ?? `${ownId}-input`;
  const [state, setState] = useState<State<T>>({ status: 'idle', items: [] });
  const [dismissed, setDismissed] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const q = text.trim();
  const enough = q.length >= minChars;

  useEffect(() => {
    if (!enough || dismissed) return;
    const controller = new AbortController();
    setState((prev) => ({ status: 'loading', items: prev.items }));
    const timer = setTimeout(() => {
      suggest(q, controller.signal).then(
        (items) => !controller.signal.aborted && setState({ status: 'ready', items }),
        () => !controller.signal.aborted && setState({ status: 'error', items: [] }),
      );
    }, debounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, enough, dismissed, suggest, debounceMs, attempt]);

  const quietlyEmpty = props.quietWhenEmpty === true && state.items.length === 0;
  const open = !dismissed && enough && state.status !== 'idle' && !quietlyEmpty;
  const options = state.status === 'ready' ? state.items : [];
  const listId = `${ownId}-list`;
  const optionId = (index: number) => `${ownId}-opt-${index}`;
  const { active, setActive, activeOption, onKeyDown: listboxKeys } = useListboxKeys({ open, options, setDismissed });

  function pick(item: T) {
    onSelect(item);
    setDismissed(true);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (listboxKeys(event)) return;
    if (event.key === 'Enter' && activeOption) {
      // Enter picks the highlighted suggestion; without one it submits the form as typed.
      event.preventDefault();
      pick(activeOption);
    }
  }

  return (
    <div className={`autocomplete ${props.className ?? ''}`}>
      <label htmlFor={id} className={props.hideLabel ? 'visually-hidden' : (props.labelClassName ?? 'autocomplete__label')}>
        {label}
      </label>
      <div className="autocomplete__combo">
        <input
          id={id}
          name={props.name}
          className={props.inputClassName ?? 'input autocomplete__input'}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          placeholder={props.placeholder}
          maxLength={props.maxLength}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={activeOption ? optionId(active) : undefined}
          value={text}
          onChange={(event) => {
            onTextChange(event.target.value);
            setDismissed(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setDismissed(true)}
        />
        <div className="autocomplete__popup" hidden={!open}>
          <ul id={listId} role="listbox" aria-label={texts.listLabel} className="autocomplete__list">
            {options.map((item, index) => (
              <li
                key={itemKey(item)}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={`autocomplete__option${index === active ? ' autocomplete__option--active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onMouseEnter={() => setActive(index)}
                onClick={() => pick(item)}
              >
                {itemLabel(item)}
              </li>
            ))}
          </ul>
          {state.status === 'loading' && <p className="autocomplete__state">{texts.searching}</p>}
          {state.status === 'ready' && options.length === 0 && !props.quietWhenEmpty && <p className="autocomplete__state">{texts.noMatches}</p>}
          {state.status === 'error' && (
            <p className="autocomplete__state autocomplete__state--error">
              {texts.failed}{' '}
              <button type="button" className="autocomplete__retry" onMouseDown={(e) => e.preventDefault()} onClick={() => setAttempt((n) => n + 1)}>
                {texts.retry}
              </button>
            </p>
          )}
        </div>
      </div>
      <p className="visually-hidden" aria-live="polite">
        {open && state.status === 'ready' ? texts.count(options.length) : ''}
      </p>
    </div>
  );
}
