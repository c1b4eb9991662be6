/**
 * A body sent without Content-Length (chunked) past a route's `maxBytes` answers 413
 * `payload_too_large`, as one that declares its length does, instead of a dropped connection
 * (issue 25, decision 0046). hapi's reader (@hapi/wreck) destroys the request stream the moment the
 * limit passes, which resets the connection under a client that is still sending, so it never
 * reads the answer. Here, destroying a chunked request's stream stops the reading only: hapi then
 * reads the rest and throws it away, as it already does for a body refused by its declared length,
 * and answers. A client that goes on past `maxDrainBytes` is cut off all the same.
 */
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';

/** How much of a refused body is read and thrown away before the connection is cut instead. */
export const maxDrainBytes = 64 * 1024 * 1024;

export const chunkedBodiesPlugin: Plugin<void> = {
  name: 'chunked-bodies',
  register(server) {
    server.ext('onRequest', (request: Request, h: ResponseToolkit) => {
      const req = request.raw.req;
      if (req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] === undefined) return h.continue;
      const destroy = req.destroy.bind(req);
      let drained = 0;
      req.destroy = (error?: Error) => {
        // Called with no error by the body reader at its limit; anything else destroys as asked.
        if (error || req.destroyed) return destroy(error);
        req.destroy = destroy;
        req.on('data', (chunk: Buffer) => {
          drained += chunk.length;
          if (drained > maxDrainBytes) destroy();
        });
        return req;
      };
      return h.continue;
    });
  },
};
