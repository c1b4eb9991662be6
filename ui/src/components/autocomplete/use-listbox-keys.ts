import { useState, type KeyboardEvent } from 'react';

/**
 * The keys of a combobox's list (ARIA 1.2 combobox pattern): ↓ and ↑ open a closed list at its
 * first or last option, or move through an open one (wrapping); Escape closes an open list. The
 * combobox keeps the rest (Enter, Backspace…) and asks `onKeyDown` first.
 */
export function useListboxKeys<T>({ open, options, setDismissed }: { open: boolean; options: readonly T[]; setDismissed: (dismissed: boolean) => void }) {
  const [active, setActive] = useState(-1);
  /** Handles an arrow or Escape and says so; false leaves the key to the caller. */
  function onKeyDown(event: KeyboardEvent<HTMLElement>): boolean {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setDismissed(false);
        setActive(event.key === 'ArrowDown' ? 0 : options.length - 1);
        return true;
      }
      if (options.length === 0) return true;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
      return true;
    }
    if (event.key === 'Escape' && open) {
      event.preventDefault();
      event.stopPropagation();
      setDismissed(true);
      setActive(-1);
      return true;
    }
    return false;
  }
  const activeOption = open && active >= 0 ? options[active] : undefined;
  return { active, setActive, activeOption, onKeyDown };
}
