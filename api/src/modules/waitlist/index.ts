/** The waitlist as a hapi plugin: signing up and confirming (public), and its administration. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { changeSignupRoute, deleteSignupRoute, exportSignupsRoute, listSignupsRoute, waitlistStatsRoute } from './routes/admin-routes.ts';
import { waitlistSignupRoute } from './routes/signup.ts';
import { waitlistVerifyRoute } from './routes/verify.ts';

export const waitlistModule: Plugin<AppContext> = {
  name: 'waitlist',
  register(server, context) {
    server.route(
      [waitlistSignupRoute, waitlistVerifyRoute, listSignupsRoute, exportSignupsRoute, waitlistStatsRoute, changeSignupRoute, deleteSignupRoute].map((route) =>
        route(context),
      ),
    );
  },
};
