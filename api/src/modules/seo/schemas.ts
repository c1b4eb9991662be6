/** joi for the sitemaps: a child sitemap takes no parameters but the providers' id range. */
import Joi from 'joi';

export interface ProviderRange {
  from?: string;
  before?: string;
}

export const noQuery = Joi.object<Record<string, never>>({});

export const providerRangeQuery = Joi.object<ProviderRange>({ from: Joi.string().guid(), before: Joi.string().guid() });

/** robots.txt and the sitemap index answer the same whatever the query (a crawler's cache-buster). */
export const anyQuery = Joi.object().unknown(true);
