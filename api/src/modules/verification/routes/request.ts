import type { ServerRoute } from '@hapi/hapi';
import { verificationLimits, type LicenceBoard } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { multipartOverheadBytes, multipartUpload, partBytes, type FilePart } from '../../uploads/multipart.ts';
import { verificationPayload, verificationRequestSchema } from '../schemas.ts';
import { certificateTooLarge, requestVerification } from '../service.ts';

export const requestVerificationRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/providers/me/verification',
  options: {
    tags: ['api', 'verification'],
    description: 'The provider asks to be verified (multipart: licence_number, licence_board, insurance_expires_on, certificate): 201 with the request',
    notes:
      '403 forbidden for anyone but a provider; 409 verification_pending while a request waits; 400 validation_failed (insurance_expires_on out_of_range) for a certificate already expired; 413 file_too_large over 10 MB; 415 file_type_not_supported for anything but a PDF or an image, judged by content.',
    ...multipartUpload(verificationLimits.certificateMaxBytes + multipartOverheadBytes, 6, certificateTooLarge),
    plugins: { 'hapi-swagger': { payloadType: 'form' } },
    validate: { payload: verificationPayload },
    response: { status: { 201: verificationRequestSchema } },
  },
  handler: async (request, h) => {
    const payload = request.payload as { licence_number: string; licence_board: LicenceBoard; insurance_expires_on: string; certificate: FilePart };
    const answer = await requestVerification(context, callerOf(request), {
      licence_number: payload.licence_number,
      licence_board: payload.licence_board,
      insurance_expires_on: payload.insurance_expires_on,
      bytes: partBytes(payload.certificate),
    });
    return h.response(answer).code(201);
  },
});
