/**
 * Visitors' answers of a provider's gallery and of the featured projects, kept with their JSON as
 * long as search answers are (SEARCH_CACHE_SECONDS, 10 by default; decision record 0014): a
 * visitor's answer is the same for every visitor (no `liked`, no private project), and a profile
 * is opened far more often than changed. A signed-in client's gallery is the visitors' one with their own likes marked.
 * Identical requests arriving together run once. A change to a provider's projects or likes in
 * this process forgets their answers at once; another process's change shows within the time to
 * live, as do view counts.
 */
import type { ResponseObject, ResponseToolkit } from '@hapi/hapi';
import { LRUCache } from 'lru-cache';
import type { AppContext } from '../../../context.ts';
import { jsonAnswer } from '../../../lib/json-answer.ts';

const maxAnswers = 5000;

export interface KeptAnswer {
  value: unknown;
  json: string;
}

export interface VisitorAnswers {
  /** The answer under `key` with its JSON, made by `load` when missing or expired. */
  get(key: string, load: () => Promise<unknown>): Promise<KeptAnswer>;
  /** A provider's projects changed: their gallery answers, and the featured ones, are gone. */
  forgetProvider(providerId: string): void;
}

/** Kept `ttlMs` (the answer cache's time, SEARCH_CACHE_SECONDS); 0 makes every answer afresh. */
function create(ttlMs: number): VisitorAnswers {
  if (ttlMs === 0) {
    return {
      get: async (_key, load) => {
        const value = await load();
        return { value, json: JSON.stringify(value) };
      },
      forgetProvider: () => undefined,
    };
  }
  const cache = new LRUCache<string, KeptAnswer, () => Promise<unknown>>({
    max: maxAnswers,
    ttl: ttlMs,
    fetchMethod: async (_key, _stale, { context }) => {
      const value = await context();
      return { value, json: JSON.stringify(value) };
    },
  });
  return {
    get: async (key, load) => (await cache.fetch(key, { context: load }))!,
    forgetProvider(providerId) {
      for (const key of cache.keys()) if (key.startsWith(`provider:${providerId}:`) || key.startsWith('featured:')) cache.delete(key);
    },
  };
}

const byContext = new WeakMap<AppContext, VisitorAnswers>();

/** The answers of one server (its context), made on first use. */
export function visitorAnswers(context: AppContext): VisitorAnswers {
  let answers = byContext.get(context);
  if (!answers) {
    answers = create(context.config.searchCacheSeconds * 1000);
    byContext.set(context, answers);
  }
  return answers;
}

export const galleryKey = (providerId: string, sort: string) => `provider:${providerId}:${sort}`;
export const featuredKey = (limit: number) => `featured:${limit}`;

/** A kept answer as the route's answer (lib/json-answer.ts). */
export function keptAnswer(context: AppContext, h: ResponseToolkit, answer: KeptAnswer): ResponseObject | unknown {
  return jsonAnswer(context.config, h, answer.json);
}
