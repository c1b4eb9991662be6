import type { AppContext } from '../../../context.ts';
import { adminCaller, adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { defineRoute } from '../../../lib/route.ts';
import { projectIdParams, siteFeaturing, siteFeaturingBody } from '../schemas.ts';
import { visitorAnswers } from '../service/gallery-cache.ts';
import { featureOnSite } from '../service/projects.ts';

/** The landing's featured projects are the admin's choice (decision 0046); a provider marks only their own gallery's lead. */
export const featureOnSiteRoute = (context: AppContext) =>
  defineRoute({
    method: 'PUT',
    path: '/api/v1/admin/projects/{id}/featured',
    options: {
      ...adminOnly,
      tags: adminTags('projects'),
      description: 'Put a project on the landing page’s featured list, or take it off (recorded against its provider)',
      notes: '403 forbidden for anybody but an admin; 404 project_not_found. A private project stays off the list while private.',
      validate: { params: projectIdParams, payload: siteFeaturingBody },
      response: { status: { 200: siteFeaturing } },
    },
    handler: async ({ params, payload }, request) => {
      const done = await featureOnSite(context.knex, adminCaller(request).userId, params.id, payload.featured, context.clock.now());
      visitorAnswers(context).forgetProvider(done.providerId);
      return { id: done.id, featured_on_site: done.featured_on_site };
    },
  });
