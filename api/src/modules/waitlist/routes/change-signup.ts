import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { changesBody, signupIdParams, signupSchema } from '../schemas.ts';
import { changeSignup } from '../service.ts';
import { adminNotes, adminRoute } from './list-signups.ts';

export const changeSignupRoute = (context: AppContext) =>
  defineRoute({
    method: 'PATCH',
    path: '/api/v1/waitlist/signups/{id}',
    options: {
      ...adminRoute,
      description: "Change a signup's name, role, municipality, trades, language or confirmation",
      notes: `${adminNotes} 404 waitlist_signup_not_found.`,
      validate: { params: signupIdParams, payload: changesBody },
      response: { status: { 200: signupSchema } },
    },
    handler: ({ params, payload }) => changeSignup(context, params.id, payload),
  });
