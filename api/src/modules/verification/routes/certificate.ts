import type { AppContext } from '../../../context.ts';
import { signedFileRoute } from '../../../lib/file-routes.ts';
import { requestIdParams } from '../schemas.ts';
import { readCertificate } from '../service.ts';

export const certificateRoute = (context: AppContext) =>
  signedFileRoute({
    path: '/api/v1/verification-requests/{id}/certificate',
    description: "A verification request's certificate of insurance, for its provider and admins",
    notes: "Admits the signed address in the request's certificate.url (a link sends no token), the provider's or an admin's token; 404 verification_not_found for anyone else.",
    params: requestIdParams,
    read: (request) => readCertificate(context, request),
  });
