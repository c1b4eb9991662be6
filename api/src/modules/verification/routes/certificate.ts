import type { ServerRoute } from '@hapi/hapi';
import type { AppContext } from '../../../context.ts';
import { privateFileResponse } from '../../../lib/signed-links.ts';
import { certificateQuery, requestIdParams } from '../schemas.ts';
import { readCertificate } from '../service.ts';

export const certificateRoute = (context: AppContext): ServerRoute => ({
  method: 'GET',
  path: '/api/v1/verification-requests/{id}/certificate',
  options: {
    auth: { mode: 'optional' },
    tags: ['api', 'verification'],
    description: "A verification request's certificate of insurance, for its provider and admins",
    notes: "Admits the signed address in the request's certificate.url (a link sends no token), the provider's or an admin's token; 404 verification_not_found for anyone else.",
    validate: { params: requestIdParams, query: certificateQuery },
  },
  handler: async (request, h) => {
    const query = request.query as { expires?: number; signature?: string };
    const user = request.auth.credentials?.user;
    const { body, contentType } = await readCertificate(context, {
      id: (request.params as { id: string }).id,
      expires: query.expires,
      signature: query.signature,
      caller: user ? { userId: user.userId, isAdmin: user.isAdmin } : null,
    });
    const disposition = `inline; filename="certificado.${contentType === 'application/pdf' ? 'pdf' : 'webp'}"`;
    return privateFileResponse(h, { body, contentType, disposition });
  },
});
