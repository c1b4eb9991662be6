import { verificationLimits } from '@resuelve/contract';
import type { AppContext } from '../../../context.ts';
import { callerOf } from '../../../lib/caller.ts';
import { multipartForm, partBytes } from '../../../lib/multipart.ts';
import { defineRoute } from '../../../lib/route.ts';
import { verificationPayload, verificationRequestSchema } from '../schemas.ts';
import { certificateTooLarge, requestVerification } from '../service.ts';

export const requestVerificationRoute = (context: AppContext) =>
  defineRoute({
    method: 'POST',
    path: '/api/v1/providers/me/verification',
    options: {
      description: 'The provider asks to be verified (multipart: licence_number, licence_board, insurance_expires_on, certificate): 201 with the request',
      notes:
        '403 forbidden for anyone but a provider; 409 verification_pending while a request waits; 400 validation_failed (insurance_expires_on out_of_range) for a certificate already expired; 413 file_too_large over 10 MB; 415 file_type_not_supported for anything but a PDF or an image, judged by content.',
      ...multipartForm(verificationLimits.certificateMaxBytes, 6, certificateTooLarge),
      validate: { payload: verificationPayload },
      response: { status: { 201: verificationRequestSchema } },
    },
    handler: async ({ payload }, request, h) => {
      const { certificate, ...fields } = payload;
      const answer = await requestVerification(context, callerOf(request), { ...fields, bytes: partBytes(certificate) });
      return h.response(answer).code(201);
    },
  });
