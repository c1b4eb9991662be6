/**
 * Typed requests (decision 0047): a route names its joi schemas once, in `options.validate`, and
 * its handler receives what they admitted, typed by them. hapi has already validated (and
 * converted) payload, params and query before the handler runs, so the one assertion that joi's
 * type is the value's type lives here, not in each handler. A schema written `Joi.object<T>()`
 * (T from contract/ or the module's schemas.ts) makes the handler's input a T.
 */
import type { Lifecycle, Request, ResponseToolkit, RouteOptions, RouteOptionsValidate, Server, ServerRoute } from '@hapi/hapi';
import type Joi from 'joi';

/** The schemas a route may validate its request with (`true`: any, unchecked). */
export interface RouteSchemas {
  payload?: Joi.Schema;
  params?: Joi.Schema;
  query?: Joi.Schema | true;
  headers?: Joi.Schema;
}

/** What a schema admits: `Joi.object<T>()` gives T; `true`, anything; no schema, `undefined`. */
export type Admitted<S> = S extends Joi.Schema<infer T> ? T : S extends true ? Record<string, unknown> : undefined;

/** The validated parts of a request, typed by the route's own schemas. */
export interface RouteInput<V extends RouteSchemas> {
  payload: Admitted<V['payload']>;
  params: Admitted<V['params']>;
  query: Admitted<V['query']>;
}

export interface RouteDefinition<V extends RouteSchemas> extends Omit<ServerRoute, 'handler' | 'options'> {
  options: Omit<RouteOptions, 'validate'> & { validate?: V & Omit<RouteOptionsValidate, keyof RouteSchemas> };
  handler: (input: RouteInput<V>, request: Request, h: ResponseToolkit) => Lifecycle.ReturnValue;
}

/** A hapi route whose handler is handed its validated, typed payload, params and query. */
export function defineRoute<V extends RouteSchemas = Record<never, never>>(definition: RouteDefinition<V>): ServerRoute {
  const { handler, options, ...route } = definition;
  return {
    ...route,
    options: options as RouteOptions,
    handler: (request, h) => {
      // hapi ran options.validate before this point: what it admitted is what the schemas describe,
      // so this is the one place the request's parts take the schemas' types.
      const { payload, params, query } = request;
      return handler({ payload, params, query } as RouteInput<V>, request, h);
    },
  };
}

/**
 * Registers a module's routes, made from the context, each tagged with the module's tags (its
 * group in the OpenAPI document) unless the route names tags of its own: the tags are written once,
 * in the module's index.ts.
 */
export function registerRoutes<C>(server: Server, context: C, tags: string[], routes: ((context: C) => ServerRoute)[]): void {
  server.route(
    routes.map((makeRoute) => {
      const route = makeRoute(context);
      const options = (route.options ?? {}) as RouteOptions;
      return { ...route, options: { ...options, tags: options.tags ?? tags } };
    }),
  );
}
