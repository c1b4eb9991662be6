/** joi for the upload routes. */
import Joi from 'joi';

/**
 * The multipart `file` field: a file part (annotated by hapi with its name and headers) or a
 * plain field. Its bytes are judged later, by content.
 */
export const fileField = Joi.alternatives()
  .try(Joi.binary(), Joi.object({ filename: Joi.string().allow(''), headers: Joi.object().unknown(true), payload: Joi.binary().required() }))
  .meta({ swaggerType: 'file' })
  .description('The image (PNG, JPEG, WebP, GIF, HEIF, AVIF or TIFF), under 5 MB');

export const profileImagePayload = Joi.object({ file: fileField.required() }).label('ProfileImageUpload');

export const storedImageResponse = Joi.object({
  url: Joi.string().required(),
  path: Joi.string().required(),
  thumbnail_url: Joi.string().required(),
}).label('StoredImage');

export const storedFileParams = Joi.object({ path: Joi.string().max(300).required() });
