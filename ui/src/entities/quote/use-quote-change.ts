import { useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-error.ts';
import { useChange } from '../../lib/use-change.ts';
import { jobKeys } from '../job/api.ts';

/**
 * Refusals a quote's screen words itself (quotes namespace), because what the person does next
 * depends on them: a newer version to read, a date passed, an answer already given.
 */
const ownWords: Record<string, string> = {
  quote_superseded: 'problem.superseded',
  quote_expired: 'problem.expired',
  quote_already_answered: 'problem.already_answered',
};

/** Every job query and, under it, every quote (the job's summary moves with its quote). */
function refreshAfterQuote(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: jobKeys.all });
}

/**
 * One change to a quote (send, revise, accept, decline, counter), as lib/use-change.ts runs it;
 * then the quote and its job refresh, so a version sent meanwhile by the other side shows. Besides
 * the problem in words it keeps the refusal's field codes (`fields`: "lines.0.quantity" → code),
 * so a form marks the field the api refused.
 */
export function useQuoteChange<T, R>(change: (input: T) => Promise<R>) {
  const { t } = useTranslation('quotes');
  const [code, setCode] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const inner = useChange(async (input: T) => {
    try {
      return await change(input);
    } catch (error) {
      if (isApiError(error)) {
        setCode(error.code);
        setFields(error.details ?? {});
      }
      throw error;
    }
  }, refreshAfterQuote);
  const own = code ? ownWords[code] : undefined;
  const run = (input: T, done: string) => {
    setCode(null);
    setFields({});
    return inner.run(input, done);
  };
  return { ...inner, run, code, fields, problem: inner.problem && own ? t(own) : inner.problem };
}
