import type { AppContext } from '../../../context.ts';
import { defineRoute } from '../../../lib/route.ts';
import { signupIdParams } from '../schemas.ts';
import { deleteSignup } from '../service.ts';
import { adminNotes, adminRoute } from './list-signups.ts';

export const deleteSignupRoute = (context: AppContext) =>
  defineRoute({
    method: 'DELETE',
    path: '/api/v1/waitlist/signups/{id}',
    options: { ...adminRoute, description: 'Delete a waitlist signup', notes: `${adminNotes} 404 waitlist_signup_not_found.`, validate: { params: signupIdParams } },
    handler: async ({ params }, _request, h) => {
      await deleteSignup(context.knex, params.id);
      return h.response().code(204);
    },
  });
