/** What every multipart upload route shares (uploads, messages, verification): its size refusals, its file field and the bytes of a file part. */
import type { Lifecycle, Request, ResponseToolkit, RouteOptions } from '@hapi/hapi';
import Boom from '@hapi/boom';
import Joi from 'joi';
import type { AppError } from './errors.ts';

/** Room for the multipart boundaries and part headers around each file. */
export const multipartOverheadBytes = 64 * 1024;

/** The multipart parser wraps its size error in a 400 "Invalid multipart payload format". */
function isTooLarge(error: unknown): boolean {
  return Boom.isBoom(error) && (error.output.statusCode === 413 || (Boom.isBoom(error.data) && error.data.output.statusCode === 413));
}

/**
 * The `payload` and `ext` of a multipart route whose body may be `maxBytes` long at most.
 *
 * A body whose declared length is too big is refused before any of it is read: hapi's own
 * maxBytes check reads and discards the whole body before answering, and hapi reads the payload
 * before onCredentials, so this runs at onPreAuth (the size refusal comes even before the token
 * check). A body sent without Content-Length (chunked) is cut at maxBytes instead.
 */
export function multipartUpload(maxBytes: number, maxParts: number, tooLarge: () => AppError): Pick<RouteOptions, 'payload' | 'ext'> {
  const refuseLargeBody = (request: Request, h: ResponseToolkit): Lifecycle.ReturnValue => {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
    return h.continue;
  };
  return {
    ext: { onPreAuth: { method: refuseLargeBody } },
    payload: {
      output: 'data',
      parse: true,
      multipart: { output: 'annotated' },
      allow: 'multipart/form-data',
      maxBytes,
      maxParts,
      // hapi's 10 s default cuts off a large photo sent from a phone on a slow connection.
      timeout: 120_000,
      failAction: (_request, _h, error) => {
        if (isTooLarge(error)) throw tooLarge();
        throw error;
      },
    },
  };
}

/**
 * The options of a route that takes a multipart form: `multipartUpload` for files of at most
 * `fileBytes` (room for the boundaries added), shown as a form in the OpenAPI document, with the
 * route's other plugin settings (a rate limit) beside it.
 */
export function multipartForm(
  fileBytes: number,
  maxParts: number,
  tooLarge: () => AppError,
  plugins: RouteOptions['plugins'] = {},
): Pick<RouteOptions, 'payload' | 'ext' | 'plugins'> {
  return { ...multipartUpload(fileBytes + multipartOverheadBytes, maxParts, tooLarge), plugins: { 'hapi-swagger': { payloadType: 'form' }, ...plugins } };
}

/** A multipart file part as hapi annotates it, or a plain field sent in its place. */
export type FilePart = Buffer | { payload: Buffer };

/** The bytes of a file part. */
export function partBytes(part: FilePart): Buffer {
  return Buffer.isBuffer(part) ? part : part.payload;
}

/**
 * A multipart file field: a file part (annotated by hapi with its name and headers) or a plain
 * field. Its bytes are judged later, by content.
 */
export const fileField = Joi.alternatives()
  .try(Joi.binary(), Joi.object({ filename: Joi.string().allow(''), headers: Joi.object().unknown(true), payload: Joi.binary().required() }))
  .meta({ swaggerType: 'file' })
  .description('The image (PNG, JPEG, WebP, GIF, HEIF, AVIF or TIFF), under 5 MB');
