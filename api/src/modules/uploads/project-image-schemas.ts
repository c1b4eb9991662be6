/** joi for the project photo uploads. */
import Joi from 'joi';
import { projectLimits } from '@resuelve/contract';
import { fileField } from './schemas.ts';
import { projectImagePath } from './project-images.ts';

const photo = fileField.description('A PNG or JPEG photo (judged by content), at most 10 MB');

export const projectImagePayload = Joi.object({ file: photo.required() }).label('ProjectImageUpload');

// One part arrives as an object, several as an array; more than the limit is too_many_images.
export const projectImagesPayload = Joi.object({
  files: Joi.alternatives().try(Joi.array().items(photo).min(1), photo).required(),
}).label('ProjectImagesUpload');

export const projectImagePathSchema = Joi.string()
  .pattern(projectImagePath)
  .description('The `path` an upload answered');

export const deleteProjectImageBody = Joi.object({ path: projectImagePathSchema.required() }).label('ProjectImageToDelete');

const variant = Joi.object({ width: Joi.number().integer().required(), webp: Joi.string().required(), jpeg: Joi.string().required() }).label('ProjectImageVariant');

export const uploadedProjectImageFields = {
  url: Joi.string().required(),
  path: Joi.string().required(),
  width: Joi.number().integer().required(),
  height: Joi.number().integer().required(),
  placeholder: Joi.string().required().description('A blurred 16 px WebP data URI to draw while the photo loads'),
  variants: Joi.array().items(variant).max(projectLimits.imageWidths.length).required(),
};

export const uploadedProjectImage = Joi.object(uploadedProjectImageFields).label('UploadedProjectImage');

export const uploadedProjectImages = Joi.object({ items: Joi.array().items(uploadedProjectImage).required() }).label('UploadedProjectImages');
