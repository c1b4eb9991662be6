import Inert from '@hapi/inert';
import Vision from '@hapi/vision';
import type { Plugin, Server } from '@hapi/hapi';
import HapiSwagger from 'hapi-swagger';

/** The OpenAPI document, generated from the routes' joi schemas, at /api/v1/openapi.json. */
export async function registerOpenApi(server: Server): Promise<void> {
  await server.register([Inert, Vision]);
  await server.register({
    plugin: HapiSwagger as unknown as Plugin<HapiSwagger.RegisterOptions>,
    options: {
      info: { title: 'Resuelve API', version: '1' },
      OAS: 'v3.0',
      jsonPath: '/api/v1/openapi.json',
      documentationPage: false,
      swaggerUI: false,
      basePath: '/api/v1',
      pathPrefixSize: 3,
      grouping: 'tags',
      securityDefinitions: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      security: [{ bearer: [] }],
      routeTag: 'api',
    } as HapiSwagger.RegisterOptions,
  });
}
