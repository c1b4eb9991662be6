/** Builds the server: `init` for tests (no port), `start` for real. */
import zlib from 'node:zlib';
import Hapi, { type Server } from '@hapi/hapi';
import Joi from 'joi';
import type { Knex } from 'knex';
import type { Duplex } from 'node:stream';
import { errorStatus, type ApiErrorBody } from '@resuelve/contract';
import { Model } from 'objection';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createKnex } from './db/knex.ts';
import { startBackgroundJobs } from './background/boss.ts';
import { AfterAnswer } from './lib/after-answer.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { AppError, backgroundProblem } from './lib/errors.ts';
import { OffsetClock } from './lib/offset-clock.ts';
import type { EventBus } from './lib/events.ts';
import { PgEventBus } from './lib/pg-event-bus.ts';
import { createProcessor, type PaymentProcessor } from './lib/payments/index.ts';
import { PlaceIndex } from './modules/search/index.ts';
import { createSenders, type Senders } from './lib/senders.ts';
import { respectingSmsStops } from './lib/sms-stops.ts';
import { S3Storage } from './lib/s3-storage.ts';
import { FolderStorage, type Storage } from './lib/storage.ts';
import { authPlugin } from './plugins/auth.ts';
import { chunkedBodiesPlugin } from './plugins/chunked-bodies.ts';
import { cookieOriginPlugin } from './plugins/cookie-origin.ts';
import { correlationPlugin } from './plugins/correlation.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { registerLogging } from './plugins/logging.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { realtimePlugin } from './plugins/realtime.ts';
import { securityPlugin } from './plugins/security.ts';
import { webPlugin } from './plugins/web.ts';
import { devModule } from './modules/dev/index.ts';
import { healthModule } from './modules/health/index.ts';
import { logsModule } from './modules/logs/index.ts';
import { domainModules } from './modules/index.ts';

export interface ServerDependencies {
  knex?: Knex;
  senders?: Senders;
  clock?: Clock;
  storage?: Storage;
  events?: EventBus;
  /** The payment processor; by default the one the configuration names (lib/payments/index.ts). */
  processor?: PaymentProcessor;
}

/** Brotli's quality for answers compressed as they are sent (11, its default, is far too slow for that). */
const brotliQuality = 5;

export async function createServer(config: Config, dependencies: ServerDependencies = {}): Promise<Server> {
  const knex = dependencies.knex ?? createKnex(config.databaseUrl, { poolMax: config.databasePoolMax });
  Model.knex(knex);
  // Every text passes the STOP check, whichever sender sends it (lib/sms-stops.ts).
  const senders = respectingSmsStops(knex, dependencies.senders ?? createSenders(knex, config));
  const clock = dependencies.clock ?? (config.env === 'production' ? systemClock : new OffsetClock());
  const storage = dependencies.storage ?? createStorage(config);
  // Across processes by default (DESIGN.md §11); a test may pass a LocalEventBus instead.
  const ownBus = dependencies.events
    ? null
    : new PgEventBus({ databaseUrl: config.databaseUrl, knex, onError: (error, where) => logProblem(server, 'events', error, { where }) });
  const events = dependencies.events ?? ownBus!;
  const searchPlaces = config.searchIndex
    ? new PlaceIndex({ databaseUrl: config.databaseUrl, now: () => context.clock.now(), onError: (error, where) => logProblem(server, 'search-index', error, { where }) })
    : undefined;
  const processor = dependencies.processor ?? createProcessor(config);
  const context: AppContext = { config, knex, senders, clock, storage, events, afterAnswer: new AfterAnswer(), searchPlaces, processor };

  const server = Hapi.server({
    port: config.port,
    host: config.host,
    address: config.host,
    app: { context },
    router: { stripTrailingSlash: true },
    routes: {
      security: { hsts: config.env === 'production', xframe: 'deny', noSniff: true, referrer: 'strict-origin-when-cross-origin' },
      cors: config.corsOrigins.length
        ? {
            origin: config.corsOrigins,
            additionalHeaders: ['X-Correlation-Id', 'Idempotency-Key'],
            additionalExposedHeaders: ['X-Correlation-Id', 'Retry-After'],
          }
        : false,
      payload: { maxBytes: 1024 * 1024 },
      response: { sample: config.responseValidationPercent },
      validate: {
        // Unknown fields are refused, every failure is reported (field -> code).
        options: { abortEarly: false, stripUnknown: false, allowUnknown: false },
        // A route that names no query parameters takes none (the web's pages and files opt out).
        query: Joi.object({}),
        failAction: (_request, _h, error) => {
          throw unknownQueryParameters(error) ?? error;
        },
      },
    },
  });

  // Brotli beside gzip for browsers that take it (all of today's): a quality that costs about what
  // gzip does per answer and is a tenth smaller on the app's JavaScript, CSS and HTML (decision 0038).
  server.encoder('br', (options) => zlib.createBrotliCompress({ ...(options as zlib.BrotliOptions), params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } }));

  // `app` in the options above only fills server.settings.app. Routes get the context from their
  // module; tests and the background work read it here.
  server.app.context = context;
  // Keep idle connections longer than the clients and proxies that reuse them (browsers, load
  // balancers: 60 s). With Node's 5 s a client could send on a socket the server was closing that
  // very moment and get "socket hang up" (seen in the browser journeys' api requests).
  server.listener.keepAliveTimeout = 65_000;
  server.listener.headersTimeout = 66_000;
  answerOversizedHeaders(server);

  await registerLogging(server, config);
  await server.register([
    { plugin: correlationPlugin },
    {
      plugin: securityPlugin,
      options: { mapTileOrigin: config.mapTileOrigin, imageOrigin: config.s3?.publicBaseUrl, hsts: config.env === 'production' },
    },
    { plugin: errorsPlugin },
    { plugin: chunkedBodiesPlugin },
    { plugin: cookieOriginPlugin, options: { allowedOrigins: [config.publicUrl, ...config.corsOrigins] } },
    { plugin: authPlugin, options: { secret: config.jwtSecret, knex, events } },
    { plugin: rateLimitPlugin, options: { knex, perMinute: config.rateLimitPerMinute, scale: config.rateLimitScale, flushMs: config.rateLimitFlushMs } },
  ]);
  await registerOpenApi(server);
  await server.register([{ plugin: healthModule, options: context }, { plugin: logsModule, options: context }]);
  if (config.env !== 'production') await server.register({ plugin: devModule, options: context });
  for (const module of domainModules) await server.register({ plugin: module, options: context });
  await server.register({ plugin: realtimePlugin, options: { events, knex } });
  await server.register({
    plugin: webPlugin,
    options: { webDist: config.webDist, localesDir: config.localesDir, publicUrl: config.publicUrl, now: () => context.clock.now() },
  });

  if (ownBus) server.ext('onPreStart', () => ownBus.start());
  // Loads in the background: searches take the full statement until it is ready.
  if (searchPlaces) server.ext('onPreStart', () => void searchPlaces.start());
  // hapi stops taking connections and answers the requests under way first (server.stop's
  // timeout); only then do the background work, the event bus and the pool go, in that order.
  server.ext('onPostStop', async () => {
    await context.afterAnswer.settled();
    await server.app.boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
    await ownBus?.stop();
    await searchPlaces?.stop();
    if (!dependencies.knex) await knex.destroy();
  });
  return server;
}

/** Query parameters the route does not take, as their own 400 (`unknown_query_parameter`, name -> unknown_field). */
function unknownQueryParameters(error: Error | undefined): AppError | null {
  const source = (error as { output?: { payload?: { validation?: { source?: string } } } } | undefined)?.output?.payload?.validation?.source;
  if (source !== 'query' || !(error instanceof Joi.ValidationError) || !error.details.every((d) => d.type === 'object.unknown')) return null;
  const details = Object.fromEntries(error.details.map((d) => [d.path.join('.'), 'unknown_field']));
  return new AppError('unknown_query_parameter', `Unknown query parameter: ${Object.keys(details).join(', ')}`, { details });
}

/**
 * Headers past Node's limit (16 KB: a pile of cookies, a hostile client) never reach hapi, which
 * answered them with an empty 400. They get 431 in the api's error shape instead; every other
 * unreadable request keeps hapi's own answer.
 */
function answerOversizedHeaders(server: Server): void {
  const [hapiHandler] = server.listener.listeners('clientError') as ((error: Error, socket: Duplex) => void)[];
  server.listener.removeAllListeners('clientError');
  server.listener.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code !== 'HPE_HEADER_OVERFLOW' || !socket.writable) return hapiHandler?.call(server.listener, error, socket);
    const body: ApiErrorBody = { error: 'Request headers too large', status: errorStatus.headers_too_large, code: 'headers_too_large' };
    const json = JSON.stringify(body);
    socket.end(
      `HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(json)}\r\nconnection: close\r\n\r\n${json}`,
    );
  });
}

const uploadsPath = '/api/v1/uploads';

/** Where uploaded files go: S3-compatible storage when a bucket is named, the folder otherwise (the demo seed stores its photos there too). */
export function createStorage(config: Config): Storage {
  return config.s3 ? new S3Storage({ ...config.s3, servedFrom: uploadsPath }) : new FolderStorage(config.uploadsDir, uploadsPath);
}

export async function init(config: Config, dependencies?: ServerDependencies): Promise<Server> {
  const server = await createServer(config, dependencies);
  await server.initialize();
  return server;
}

function logProblem(server: Server, part: string, error: unknown, context: Record<string, unknown>): void {
  const { tags, data } = backgroundProblem(error);
  server.log([...tags, part], { ...data, ...context });
}

export interface StartOptions {
  /** pg-boss reminders and expiry (api/src/background); on unless a test or the benchmark turns it off. */
  backgroundJobs?: boolean;
}

export async function start(config: Config, dependencies?: ServerDependencies, options: StartOptions = {}): Promise<Server> {
  const server = await createServer(config, dependencies);
  if (options.backgroundJobs !== false) {
    server.ext('onPostStart', async () => {
      server.app.boss = await startBackgroundJobs(server.app.context, { onError: (error, job) => logProblem(server, 'jobs', error, { job }) });
    });
  }
  await server.start();
  return server;
}
