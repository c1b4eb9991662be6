import { useEffect, useState } from 'react';
import type { Category } from '../api.ts';
import { suggestionMinChars } from '../api.ts';

export type SuggestionStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface Suggestions {
  status: SuggestionStatus;
  items: Category[];
}

const idle: Suggestions = { status: 'idle', items: [] };

/**
 * Suggestions for the typed text, asked for once typing pauses (`delayMs`) and only from two
 * characters on; an older answer arriving late is dropped (its request is aborted).
 */
export function useSuggestions(
  text: string,
  suggest: (q: string, signal?: AbortSignal) => Promise<Category[]>,
  delayMs: number,
  attempt: number,
): Suggestions {
  const [state, setState] = useState<Suggestions>(idle);
  const q = text.trim();
  const enough = q.length >= suggestionMinChars;

  useEffect(() => {
    if (!enough) {
      setState(idle);
      return;
    }
    const controller = new AbortController();
    setState((prev) => ({ status: 'loading', items: prev.items }));
    const timer = setTimeout(() => {
      suggest(q, controller.signal).then(
        (items) => {
          if (!controller.signal.aborted) setState({ status: 'ready', items });
        },
        () => {
          if (!controller.signal.aborted) setState({ status: 'error', items: [] });
        },
      );
    }, delayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q, enough, suggest, delayMs, attempt]);

  return enough ? state : idle;
}
