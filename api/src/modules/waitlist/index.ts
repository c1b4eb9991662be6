/** The waitlist as a hapi plugin: signing up and confirming (public), and its administration. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { changeSignupRoute } from './routes/change-signup.ts';
import { deleteSignupRoute } from './routes/delete-signup.ts';
import { exportSignupsRoute } from './routes/export-signups.ts';
import { listSignupsRoute } from './routes/list-signups.ts';
import { waitlistStatsRoute } from './routes/stats.ts';
import { waitlistSignupRoute } from './routes/signup.ts';
import { waitlistVerifyRoute } from './routes/verify.ts';
import { registerRoutes } from '../../lib/route.ts';

export const waitlistModule: Plugin<AppContext> = {
  name: 'waitlist',
  register(server, context) {
    registerRoutes(server, context, ['api', 'waitlist'], [waitlistSignupRoute, waitlistVerifyRoute, listSignupsRoute, exportSignupsRoute, waitlistStatsRoute, changeSignupRoute, deleteSignupRoute]);
  },
};
