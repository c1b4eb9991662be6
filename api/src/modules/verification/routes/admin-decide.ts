import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { adminCaller, adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { rejectPayload, requestIdParams, verificationRequestSchema } from '../schemas.ts';
import { decideVerification } from '../service.ts';

const notes = '403 forbidden for anybody but an admin; 401 without a token; 404 verification_not_found; 409 verification_already_decided.';

export const approveVerificationRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/admin/verification-requests/{id}/approve',
  options: {
    ...adminOnly,
    tags: adminTags('verification'),
    description: 'Approves a request: the provider becomes verified, and insured until the certificate expires; the provider is told',
    notes,
    validate: { params: requestIdParams },
    response: { status: { 200: verificationRequestSchema } },
  },
  handler: (request) =>
    decideVerification(context, adminCaller(request), (request.params as { id: string }).id, { approve: true }, (error) =>
      request.log(['warn', 'verification'], { message: 'decision notice not sent', error: String(error) }),
    ),
});

export const rejectVerificationRoute = (context: AppContext): ServerRoute => ({
  method: 'POST',
  path: '/api/v1/admin/verification-requests/{id}/reject',
  options: {
    ...adminOnly,
    tags: adminTags('verification'),
    description: 'Rejects a request with a reason, which reaches the provider in their language',
    notes,
    validate: { params: requestIdParams, payload: rejectPayload },
    response: { status: { 200: verificationRequestSchema } },
  },
  handler: (request) =>
    decideVerification(
      context,
      adminCaller(request),
      (request.params as { id: string }).id,
      { approve: false, reason: (request.payload as { reason: string }).reason },
      (error) => request.log(['warn', 'verification'], { message: 'decision notice not sent', error: String(error) }),
    ),
});
