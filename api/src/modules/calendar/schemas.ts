import Joi from 'joi';

export const feedSchema = Joi.object({ url: Joi.string().uri().required() }).label('CalendarFeed');

export const feedTokenParams = Joi.object<{ token: string }>({ token: Joi.string().max(200).required() });
