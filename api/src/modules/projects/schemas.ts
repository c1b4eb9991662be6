/** joi for portfolio projects, built from contract/src/projects.ts (one source for each limit). */
import Joi from 'joi';
import { budgetRanges, projectLimits, projectSorts, type NewProject, type ProjectChanges, type ProjectSort } from '@resuelve/contract';
import { idParams, withinBounds } from '../../lib/validation.ts';
import { projectImagePathSchema, uploadedProjectImageFields } from '../uploads/index.ts';

const day = withinBounds(
  Joi.string()
    .pattern(/^\d{4}-\d{2}-\d{2}$/)
    // A real calendar day: 2026-02-30 does not come back as itself.
    .custom((value: string, helpers) => {
      const parsed = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value) ? value : helpers.error('any.rule', { rule: 'invalid_date' });
    })
    .messages({ 'any.rule': '{{#label}} fails the rule {{#rule}}' }),
);

const listItem = Joi.string().trim().min(1).max(projectLimits.listItemMaxLength);
const list = Joi.array().items(listItem).max(projectLimits.listMaxItems);

// More photos than allowed are refused by the service as too_many_images; this only bounds the body.
const images = Joi.array()
  .items(Joi.object({ path: projectImagePathSchema.required(), is_cover: Joi.boolean().required() }).label('ProjectImageChoice'))
  .min(projectLimits.imagesMin)
  .max(projectLimits.imagesMax * 5);

const fields = {
  title: Joi.string().trim().min(projectLimits.titleMinLength).max(projectLimits.titleMaxLength),
  description: Joi.string().trim().min(projectLimits.descriptionMinLength).max(projectLimits.descriptionMaxLength),
  is_public: Joi.boolean(),
  images,
  project_type: Joi.string().trim().max(projectLimits.projectTypeMaxLength).allow('', null),
  location: Joi.string().max(80).allow('', null).description('A municipality slug (GET /geo/municipalities)'),
  start_date: day.allow(null),
  completion_date: day.allow(null),
  budget_range: Joi.string().valid(...budgetRanges).allow(null),
  materials: list,
  tags: list,
  featured: Joi.boolean(),
};

export const newProjectBody = Joi.object<NewProject>({
  ...fields,
  title: fields.title.required(),
  description: fields.description.required(),
  is_public: fields.is_public.required(),
  images: fields.images.required(),
}).label('NewProject');

export const projectChangesBody = Joi.object<ProjectChanges>(fields).min(1).label('ProjectChanges');

export const projectIdParams = idParams;

export const projectListQuery = Joi.object<{ sort: ProjectSort }>({ sort: Joi.string().valid(...projectSorts).default('newest') });

export const featuredQuery = Joi.object<{ limit: number }>({
  limit: Joi.number().integer().min(1).max(projectLimits.featuredMax).default(projectLimits.featuredDefault),
});

const projectImage = Joi.object({ ...uploadedProjectImageFields, is_cover: Joi.boolean().required(), position: Joi.number().integer().required() }).label('ProjectImage');

export const projectSchema = Joi.object({
  id: Joi.string().required(),
  provider_id: Joi.string().required(),
  provider_name: Joi.string().allow('').required(),
  title: Joi.string().required(),
  description: Joi.string().required(),
  project_type: Joi.string().allow(null).required(),
  location: Joi.string().allow(null).required(),
  location_name: Joi.string().allow(null).required(),
  start_date: Joi.string().allow(null).required(),
  completion_date: Joi.string().allow(null).required(),
  duration_days: Joi.number().integer().allow(null).required(),
  budget_range: Joi.string().allow(null).required(),
  materials: Joi.array().items(Joi.string()).required(),
  tags: Joi.array().items(Joi.string()).required(),
  featured: Joi.boolean().required(),
  is_public: Joi.boolean().required(),
  likes: Joi.number().integer().required(),
  views: Joi.number().integer().required(),
  liked: Joi.boolean().required(),
  images: Joi.array().items(projectImage).required(),
  created_at: Joi.date().required(),
  updated_at: Joi.date().required(),
}).label('Project');

export const projectList = Joi.object({ items: Joi.array().items(projectSchema).required() }).label('ProjectList');

export const likeState = Joi.object({ liked: Joi.boolean().required(), likes: Joi.number().integer().required() }).label('LikeState');

export const portfolioStats = Joi.object({
  total: Joi.number().integer().required(),
  views: Joi.number().integer().required(),
  likes: Joi.number().integer().required(),
  featured: Joi.number().integer().required(),
}).label('PortfolioStats');

export const siteFeaturingBody = Joi.object<{ featured: boolean }>({ featured: Joi.boolean().required() });

export const siteFeaturing = Joi.object({ id: Joi.string().required(), featured_on_site: Joi.boolean().required() }).label('SiteFeaturing');
