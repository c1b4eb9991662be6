import type { Request } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { adminCaller, adminOnly, adminTags } from '../../../lib/admin-guard.ts';
import { defineRoute } from '../../../lib/route.ts';
import { rejectPayload, requestIdParams, verificationRequestSchema } from '../schemas.ts';
import { decideVerification, type Decision } from '../service.ts';

const notes = '403 forbidden for anybody but an admin; 401 without a token; 404 verification_not_found; 409 verification_already_decided.';

/** Records the decision and tells the provider; a notice that could not be sent is logged, the decision stands. */
const decide = (context: AppContext, request: Request, id: string, decision: Decision) =>
  decideVerification(context, adminCaller(request), id, decision, (error) =>
    request.log(['warn', 'verification'], { message: 'decision notice not sent', error: String(error) }),
  );

export const approveVerificationRoute = (context: AppContext) =>
  defineRoute({
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
    handler: ({ params }, request) => decide(context, request, params.id, { approve: true }),
  });

export const rejectVerificationRoute = (context: AppContext) =>
  defineRoute({
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
    handler: ({ params, payload }, request) => decide(context, request, params.id, { approve: false, reason: payload.reason }),
  });
