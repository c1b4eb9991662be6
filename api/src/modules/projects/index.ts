/** Portfolio projects as a hapi plugin: a provider's projects with their photos, views and likes. */
import type { Plugin } from '@hapi/hapi';
import type { AppContext } from '../../context.ts';
import { createProjectRoute } from './routes/create.ts';
import { deleteProjectRoute } from './routes/delete.ts';
import { featureOnSiteRoute } from './routes/feature-on-site.ts';
import { featuredProjectsRoute } from './routes/featured.ts';
import { getProjectRoute } from './routes/get.ts';
import { likeStatusRoute } from './routes/like-status.ts';
import { likeProjectRoute } from './routes/like.ts';
import { myProjectsRoute } from './routes/my-projects.ts';
import { myPortfolioStatsRoute } from './routes/my-stats.ts';
import { providerProjectsRoute } from './routes/provider-projects.ts';
import { updateProjectRoute } from './routes/update.ts';
import { registerRoutes } from '../../lib/route.ts';

export const projectsModule: Plugin<AppContext> = {
  name: 'projects',
  register(server, context) {
    registerRoutes(server, context, ['api', 'projects'], [
        createProjectRoute,
        updateProjectRoute,
        deleteProjectRoute,
        getProjectRoute,
        providerProjectsRoute,
        myProjectsRoute,
        myPortfolioStatsRoute,
        featuredProjectsRoute,
        featureOnSiteRoute,
        likeProjectRoute,
        likeStatusRoute,
      ]);
  },
};

export { forgetOldViews } from './repository.ts';
/** A provider's project and an admin's featuring of it, for the demo seed (db/demo-portfolio.ts). */
export { createProject, featureOnSite } from './service/projects.ts';
export { countView, toggleLike } from './service/engagement.ts';
