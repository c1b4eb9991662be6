/** joi for the site's figures. */
import Joi from 'joi';

export const websiteStatsQuery = Joi.object<{ refresh: boolean }>({ refresh: Joi.boolean().default(false) });

export const websiteStatsSchema = Joi.object({
  providers: Joi.number().integer().required(),
  clients: Joi.number().integer().required(),
  completed_jobs: Joi.number().integer().required(),
  average_rating: Joi.number().min(0).max(5).required(),
  municipalities_served: Joi.number().integer().required(),
  top_categories: Joi.array()
    .items(Joi.object({ slug: Joi.string().required(), providers: Joi.number().integer().required() }))
    .required(),
  computed_at: Joi.string().isoDate().required(),
}).label('WebsiteStats');
