import Joi from 'joi';
import { schemas } from '../../lib/validation.ts';

export const feedSchema = Joi.object({ url: Joi.string().uri().required() }).label('CalendarFeed');

export const feedTokenParams = Joi.object({ token: Joi.string().max(200).required() });

export const jobIcsParams = Joi.object({ id: schemas.uuid.required() });
