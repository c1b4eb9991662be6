/** joi for the upload routes: profile pictures, project photos and the stored files. */
import Joi from 'joi';
import { projectLimits } from '@resuelve/contract';
import { fileField, type FilePart } from '../../lib/multipart.ts';
import { projectImagePath } from './service/project-images.ts';

export interface FileUpload {
  file: FilePart;
}

export interface FilesUpload {
  /** One part arrives as an object, several as an array. */
  files: FilePart | FilePart[];
}

export const profileImagePayload = Joi.object<FileUpload>({ file: fileField.required() }).label('ProfileImageUpload');

export const storedImageResponse = Joi.object({
  url: Joi.string().required(),
  path: Joi.string().required(),
  thumbnail_url: Joi.string().required(),
}).label('StoredImage');

export const storedFileParams = Joi.object<{ path: string }>({ path: Joi.string().max(300).required() });

const photo = fileField.description('A PNG or JPEG photo (judged by content), at most 10 MB');

export const projectImagePayload = Joi.object<FileUpload>({ file: photo.required() }).label('ProjectImageUpload');

// One part arrives as an object, several as an array; more than the limit is too_many_images.
export const projectImagesPayload = Joi.object<FilesUpload>({
  files: Joi.alternatives().try(Joi.array().items(photo).min(1), photo).required(),
}).label('ProjectImagesUpload');

export const projectImagePathSchema = Joi.string()
  .pattern(projectImagePath)
  .description('The `path` an upload answered');

export const deleteProjectImageBody = Joi.object<{ path: string }>({ path: projectImagePathSchema.required() }).label('ProjectImageToDelete');

export const uploadedProjectImageFields = {
  url: Joi.string().required().description('The WebP of the largest width up to 1280 px'),
  path: Joi.string().required(),
  src: Joi.string().required().description('Each width w of `widths` is served at `{src}-{w}.webp` and `{src}-{w}.jpg`'),
  widths: Joi.array().items(Joi.number().integer()).max(projectLimits.imageWidths.length).required(),
  width: Joi.number().integer().required(),
  height: Joi.number().integer().required(),
  placeholder: Joi.string().required().description('A blurred 16 px WebP data URI to draw while the photo loads'),
};

export const uploadedProjectImage = Joi.object(uploadedProjectImageFields).label('UploadedProjectImage');

export const uploadedProjectImages = Joi.object({ items: Joi.array().items(uploadedProjectImage).required() }).label('UploadedProjectImages');
