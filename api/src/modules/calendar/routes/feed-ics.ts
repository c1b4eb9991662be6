import { AppError } from '../../../lib/errors.ts';
import { defineRoute } from '../../../lib/route.ts';
import type { AppContext } from '../../../context.ts';
import { feedTokenParams } from '../schemas.ts';
import { feedCalendar } from '../service/calendars.ts';

/** No session: calendar apps fetch it with nothing but the secret address. */
export const feedIcsRoute = (context: AppContext) =>
  defineRoute({
    method: 'GET',
    path: '/api/v1/calendar/{token}.ics',
    options: {
      auth: false,
      description: 'The iCalendar feed of the account the secret token belongs to',
      notes: '404 not_found for an unknown or regenerated token.',
      validate: { params: feedTokenParams },
    },
    handler: async ({ params }, _request, h) => {
      const text = await feedCalendar(context, params.token);
      if (text === null) throw new AppError('not_found', 'Calendar feed not found');
      return h
        .response(text)
        .type('text/calendar; charset=utf-8')
        .header('Cache-Control', 'private, max-age=300')
        .header('X-Robots-Tag', 'noindex')
        .header('Referrer-Policy', 'no-referrer');
    },
  });
