import { randomUUID } from 'node:crypto';
import type { Plugin } from '@hapi/hapi';

const header = 'x-correlation-id';
const acceptable = /^[A-Za-z0-9._:-]{1,100}$/;

declare module '@hapi/hapi' {
  interface RequestApplicationState {
    correlationId: string;
  }
}

/** `X-Correlation-Id` in and out: the caller's when it is sane, a new one otherwise. */
export const correlationPlugin: Plugin<void> = {
  name: 'correlation',
  register(server) {
    server.ext('onRequest', (request, h) => {
      const given = request.headers[header];
      request.app.correlationId = typeof given === 'string' && acceptable.test(given) ? given : randomUUID();
      return h.continue;
    });
    server.ext('onPreResponse', (request, h) => {
      const response = request.response;
      if (response && 'isBoom' in response && response.isBoom) {
        response.output.headers['X-Correlation-Id'] = request.app.correlationId;
      } else if (response && 'header' in response) {
        response.header('X-Correlation-Id', request.app.correlationId);
      }
      return h.continue;
    });
  },
};
