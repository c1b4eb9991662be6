import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import type { AppContext } from '../../../context.ts';
import { adminCaller, adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { visitorAnswers } from '../gallery-cache.ts';
import { projectIdParams } from '../schemas.ts';
import { featureOnSite } from '../service.ts';

/** The landing's featured projects are the admin's choice (decision 0046); a provider marks only their own gallery's lead. */
export const featureOnSiteRoute = (context: AppContext): ServerRoute => ({
  method: 'PUT',
  path: '/api/v1/admin/projects/{id}/featured',
  options: {
    ...adminOnly,
    tags: adminTags('projects'),
    description: 'Put a project on the landing page’s featured list, or take it off (recorded against its provider)',
    notes: '403 forbidden for anybody but an admin; 404 project_not_found. A private project stays off the list while private.',
    validate: { params: projectIdParams, payload: Joi.object({ featured: Joi.boolean().required() }) },
    response: { status: { 200: Joi.object({ id: Joi.string().required(), featured_on_site: Joi.boolean().required() }).label('SiteFeaturing') } },
  },
  handler: async (request) => {
    const { featured } = request.payload as { featured: boolean };
    const done = await featureOnSite(context.knex, adminCaller(request).userId, (request.params as { id: string }).id, featured, context.clock.now());
    visitorAnswers(context).forgetProvider(done.providerId);
    return { id: done.id, featured_on_site: done.featured_on_site };
  },
});
