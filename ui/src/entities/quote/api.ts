/**
 * Quotes as the ui reads and changes them (issue 28): the provider sends a priced quote on a
 * request or in a conversation and revises it after a counter-offer; the client accepts (naming the
 * version read), declines or counters. The keys sit under `jobKeys.all` (as loyalty's, decision
 * 0016 §5): a quote's answer changes its job (accepted, declined), and every job refresh (a change,
 * `job.changed`, a reconnection) then reaches the quotes too. Each quote lists `allowed_actions`:
 * screens show a button only for an action listed there.
 */
import { queryOptions } from '@tanstack/react-query';
import type { NewConversationQuote, NewQuoteCounter, NewQuoteVersion, Quote, QuoteAcceptance, QuoteDecline } from '@resuelve/contract';
import { apiFetch } from '../../lib/api-client.ts';
import { isApiError } from '../../lib/api-error.ts';
import { jobKeys } from '../job/api.ts';

export type { NewConversationQuote, NewQuoteCounter, NewQuoteVersion, Quote, QuoteAcceptance, QuoteDecline, QuoteLine, QuoteLineInput, QuoteVersion } from '@resuelve/contract';

/** Invalidate `quoteKeys.all` after a quote changes (`jobKeys.all` covers it too). */
export const quoteKeys = {
  all: [...jobKeys.all, 'quotes'] as const,
};

const byId = (id: string) => encodeURIComponent(id);

/** A job with no quote yet answers 404: that is no quote, not a failure. */
async function fetchJobQuote(jobId: string, signal?: AbortSignal): Promise<Quote | null> {
  try {
    return await apiFetch<Quote>(`/jobs/${byId(jobId)}/quote`, { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

export const quoteQueries = {
  /** The job's quote with every version (GET /jobs/{id}/quote); null while the job has none. */
  ofJob: (jobId: string) =>
    queryOptions({ queryKey: [...quoteKeys.all, 'job', jobId] as const, queryFn: ({ signal }) => fetchJobQuote(jobId, signal) }),
  /** One quote by id (GET /quotes/{id}). */
  detail: (id: string) =>
    queryOptions({ queryKey: [...quoteKeys.all, 'detail', id] as const, queryFn: ({ signal }) => apiFetch<Quote>(`/quotes/${byId(id)}`, { signal }) }),
  /** The quotes sent in a conversation, oldest first (GET /conversations/{id}/quotes). */
  ofConversation: (conversationId: string) =>
    queryOptions({
      queryKey: [...quoteKeys.all, 'conversation', conversationId] as const,
      queryFn: ({ signal }) => apiFetch<{ items: Quote[] }>(`/conversations/${byId(conversationId)}/quotes`, { signal }).then((res) => res.items),
    }),
};

/** The first version of a job's quote, or a revision (the api numbers it). */
export function sendJobQuote(jobId: string, body: NewQuoteVersion): Promise<Quote> {
  return apiFetch<Quote>(`/jobs/${byId(jobId)}/quote`, { method: 'POST', body });
}

/** A quote offered in a conversation, before any booking: accepting it books the job it offers. */
export function sendConversationQuote(conversationId: string, body: NewConversationQuote): Promise<Quote> {
  return apiFetch<Quote>(`/conversations/${byId(conversationId)}/quote`, { method: 'POST', body });
}

export function acceptQuote(id: string, body: QuoteAcceptance): Promise<Quote> {
  return apiFetch<Quote>(`/quotes/${byId(id)}/accept`, { method: 'POST', body });
}

export function declineQuote(id: string, body: QuoteDecline): Promise<Quote> {
  return apiFetch<Quote>(`/quotes/${byId(id)}/decline`, { method: 'POST', body });
}

export function counterQuote(id: string, body: NewQuoteCounter): Promise<Quote> {
  return apiFetch<Quote>(`/quotes/${byId(id)}/counter`, { method: 'POST', body });
}
