import Joi from 'joi';

export const municipality = Joi.object({
  slug: Joi.string(),
  name: Joi.string(),
  lat: Joi.number(),
  lng: Joi.number(),
}).label('Municipality');

export const municipalityList = Joi.object({ items: Joi.array().items(municipality) }).label('MunicipalityList');

export const municipalitiesQuery = Joi.object<{ q: string; limit?: number }>({
  q: Joi.string().trim().max(100).allow('').default(''),
  // No default: a search answers 10, an empty q the whole island (78).
  limit: Joi.number().integer().min(1).max(100),
});

export const zipParams = Joi.object<{ zip: string }>({ zip: Joi.string().pattern(/^\d{5}$/).required() });

export const zipCode = Joi.object({
  zip: Joi.string(),
  municipality: Joi.object({ slug: Joi.string(), name: Joi.string() }),
  lat: Joi.number(),
  lng: Joi.number(),
}).label('ZipCode');
