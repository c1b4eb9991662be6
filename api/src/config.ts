/** Environment read and checked once at boot; no secret defaults in production. */
import Joi from 'joi';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the embedded cluster keeps its files: EMBEDDED_PG_DIR, or ./.data/postgres in the checkout. */
export function embeddedDataDir(env: Record<string, string | undefined>): string {
  return path.resolve(env.EMBEDDED_PG_DIR || path.join(repoRoot, '.data', 'postgres'));
}

/** `jwt-secret` beside the embedded cluster's folder (./.data/jwt-secret by default). */
export function jwtSecretFile(env: Record<string, string | undefined>): string {
  return path.join(path.dirname(embeddedDataDir(env)), 'jwt-secret');
}

/**
 * The signing secret of a start without JWT_SECRET: 256 random bits made on the first start and
 * kept (mode 0600) in the data folder, so sessions outlive a restart and no two checkouts, and no
 * one who read this code, share a key. `wx` makes two processes starting at once agree on one.
 */
export function dataFolderSecret(file: string): string {
  const read = () => fs.readFileSync(file, 'utf8').trim();
  try {
    const existing = read();
    if (existing.length >= 32) return existing;
    fs.rmSync(file, { force: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return read();
}

export interface Config {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  databaseUrl: string;
  jwtSecret: string;
  /** Public address of the web app, used in links sent by email. */
  publicUrl: string;
  smtpUrl: string | null;
  mailFrom: string;
  smsGatewayUrl: string | null;
  /**
   * The secret the SMS gateway sends with each inbound text (POST /api/v1/sms/inbound). Unset in
   * production: the webhook refuses every call. Unset elsewhere: one derived from the JWT secret,
   * so the outbox page's reply form works on a fresh machine.
   */
  smsInboundSecret: string | null;
  logLevel: string;
  /** `pretty`: readable lines (development); `json`: one object a line (production, log collectors). */
  logFormat: 'pretty' | 'json';
  corsOrigins: string[];
  mapTileOrigin: string;
  webDist: string;
  localesDir: string;
  /** Folder of uploaded files (FolderStorage), outside the repository's tracked files. */
  uploadsDir: string;
  /** S3-compatible storage when S3_BUCKET is set; the folder otherwise. */
  s3: {
    bucket: string;
    region: string;
    endpoint: string | undefined;
    accessKeyId: string | undefined;
    secretAccessKey: string | undefined;
    publicBaseUrl: string | undefined;
  } | null;
  /** Requests per minute per address on the whole api (DESIGN.md §11: counted in PostgreSQL). */
  rateLimitPerMinute: number;
  /** How often each process writes its whole-api request counts to the shared table (decision 0033). */
  rateLimitFlushMs: number;
  /** Multiplies the per-route limits and the sign-in address block; 1 in production. */
  rateLimitScale: number;
  /** How long an answer of GET /providers is reused for the same query (0: never). */
  searchCacheSeconds: number;
  /** Listed providers per child sitemap (two addresses each, es and en; at most 25,000 for 50,000 URLs). */
  sitemapProvidersPerPage: number;
  /** Searches of a category near a point pick their page in memory (decision record 0035). */
  searchIndex: boolean;
  /** Each such search first waits for every committed change to reach the index (tests). */
  searchIndexSync: boolean;
  /** api processes npm start runs on its port (node:cluster): one per CPU in production (DESIGN.md §11, decision record 0042). */
  apiProcesses: number;
  /** Connections each api process keeps to PostgreSQL at most. */
  databasePoolMax: number;
  /** Share of answers checked against their route's response schema (DESIGN.md §3: in tests). */
  responseValidationPercent: number;
  secureCookies: boolean;
  /**
   * Deposits and payments through ATH Móvil (issue 29). Without ATHMOVIL_BASE_URL outside
   * production, the development emulator (api/src/emulators/athmovil/) on `emulatorPort` stands in
   * for it (`emulator`: demo payments). `tokenKey` encrypts the providers' private tokens
   * (lib/payments/token-cipher.ts); `notifyUrl` is where the processor's notifications land.
   */
  payments: {
    enabled: boolean;
    baseUrl: string;
    tokenKey: Buffer;
    emulator: boolean;
    emulatorPort: number;
    notifyUrl: string;
  };
}

const schema = Joi.object({
  NODE_ENV: Joi.string().valid('development', 'test', 'production').default('development'),
  PORT: Joi.number().port().default(3000),
  // Reachable from this machine only unless asked (HOST=0.0.0.0 behind a proxy or in a container).
  HOST: Joi.string().default('127.0.0.1'),
  DATABASE_URL: Joi.string().uri({ scheme: ['postgres', 'postgresql'] }).required(),
  JWT_SECRET: Joi.when('NODE_ENV', {
    is: 'production',
    then: Joi.string().min(32).required(),
    // Unset: the data folder's own random secret (dataFolderSecret).
    otherwise: Joi.string().min(16),
  }),
  PUBLIC_URL: Joi.string().uri({ scheme: ['http', 'https'] }),
  SMTP_URL: Joi.string().uri({ scheme: ['smtp', 'smtps'] }).allow('').default(''),
  MAIL_FROM: Joi.string().default('Resuelve <no-reply@resuelve.pr>'),
  SMS_GATEWAY_URL: Joi.string().uri({ scheme: ['http', 'https'] }).allow('').default(''),
  SMS_INBOUND_SECRET: Joi.string().min(16).allow(''),
  LOG_LEVEL: Joi.string().valid('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent').default('info'),
  LOG_FORMAT: Joi.string().valid('pretty', 'json').allow(''),
  // The desktop console loads from app://console (and the Vite dev server while developing it).
  CORS_ORIGINS: Joi.string().allow(''),
  MAP_TILE_ORIGIN: Joi.string().uri({ scheme: ['https', 'http'] }).default('https://tile.openstreetmap.org'),
  WEB_DIST: Joi.string().default(path.join(repoRoot, 'web/dist')),
  LOCALES_DIR: Joi.string().default(path.join(repoRoot, 'locales')),
  UPLOADS_DIR: Joi.string().default(path.join(repoRoot, '.data/uploads')),
  // S3-compatible object storage instead of the folder, when a bucket is named.
  S3_BUCKET: Joi.string().allow(''),
  S3_REGION: Joi.string().default('us-east-1'),
  S3_ENDPOINT: Joi.string().uri({ scheme: ['http', 'https'] }).allow(''),
  S3_ACCESS_KEY_ID: Joi.string().allow(''),
  S3_SECRET_ACCESS_KEY: Joi.string().allow(''),
  S3_PUBLIC_URL: Joi.string().uri({ scheme: ['http', 'https'] }).allow(''),
  RATE_LIMIT_PER_MINUTE: Joi.number().integer().min(1).default(600),
  RATE_LIMIT_FLUSH_MS: Joi.number().integer().min(10).max(600_000).default(1000),
  // Multiplies every per-route limit and the sign-in address block (browser tests from one address).
  RATE_LIMIT_SCALE: Joi.number().integer().min(1).max(1000).default(1),
  SEARCH_CACHE_SECONDS: Joi.number().integer().min(0).max(300).default(10),
  SITEMAP_PROVIDERS_PER_PAGE: Joi.number().integer().min(1).max(25_000).default(10_000),
  SEARCH_INDEX: Joi.boolean().truthy('on').falsy('off').default(true),
  SEARCH_INDEX_SYNC: Joi.boolean().default(false),
  API_PROCESSES: Joi.number().integer().min(1).max(64).default(1),
  DATABASE_POOL_MAX: Joi.number().integer().min(1).max(200).default(10),
  RESPONSE_VALIDATION_PERCENT: Joi.number().integer().min(0).max(100),
  PAYMENTS_ENABLED: Joi.boolean().truthy('on').falsy('off'),
  ATHMOVIL_BASE_URL: Joi.string().uri({ scheme: ['http', 'https'] }).allow(''),
  // 32 bytes, as 64 hex digits or base64 (base64url too).
  PAYMENTS_TOKEN_KEY: Joi.string().pattern(/^([0-9a-fA-F]{64}|[A-Za-z0-9+/_-]{43}=?)$/).allow(''),
  ATHMOVIL_EMULATOR_PORT: Joi.number().port().default(3090),
}).unknown(true);

export class ConfigError extends Error {}

/** Reads the environment (or the given overrides) and refuses to boot on a bad value. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const { value, error } = schema.validate(env, { abortEarly: false, convert: true });
  if (error) throw new ConfigError(`Invalid configuration: ${error.details.map((d) => d.message).join('; ')}`);
  const port = Number(value.PORT);
  const nodeEnv = value.NODE_ENV as Config['env'];
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  const jwtSecret: string = value.JWT_SECRET ?? dataFolderSecret(jwtSecretFile(env));
  const payments = paymentsConfig(value, nodeEnv, jwtSecret, port, publicUrl);
  return {
    env: nodeEnv,
    port,
    host: value.HOST,
    databaseUrl: value.DATABASE_URL,
    jwtSecret,
    apiProcesses: value.API_PROCESSES,
    databasePoolMax: value.DATABASE_POOL_MAX,
    publicUrl,
    smtpUrl: value.SMTP_URL || null,
    mailFrom: value.MAIL_FROM,
    smsGatewayUrl: value.SMS_GATEWAY_URL || null,
    smsInboundSecret: value.SMS_INBOUND_SECRET || (nodeEnv === 'production' ? null : createHmac('sha256', jwtSecret).update('sms-inbound').digest('hex')),
    logLevel: nodeEnv === 'test' ? 'silent' : value.LOG_LEVEL,
    logFormat: value.LOG_FORMAT || (nodeEnv === 'production' ? 'json' : 'pretty'),
    corsOrigins: String(value.CORS_ORIGINS ?? (nodeEnv === 'production' ? 'app://console' : 'app://console,http://localhost:5173'))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    mapTileOrigin: value.MAP_TILE_ORIGIN,
    webDist: value.WEB_DIST,
    localesDir: value.LOCALES_DIR,
    uploadsDir: value.UPLOADS_DIR,
    s3: value.S3_BUCKET
      ? {
          bucket: value.S3_BUCKET,
          region: value.S3_REGION,
          endpoint: value.S3_ENDPOINT || undefined,
          accessKeyId: value.S3_ACCESS_KEY_ID || undefined,
          secretAccessKey: value.S3_SECRET_ACCESS_KEY || undefined,
          publicBaseUrl: value.S3_PUBLIC_URL || undefined,
        }
      : null,
    rateLimitPerMinute: value.RATE_LIMIT_PER_MINUTE,
    rateLimitFlushMs: value.RATE_LIMIT_FLUSH_MS,
    rateLimitScale: value.RATE_LIMIT_SCALE,
    searchCacheSeconds: value.SEARCH_CACHE_SECONDS,
    sitemapProvidersPerPage: value.SITEMAP_PROVIDERS_PER_PAGE,
    searchIndex: value.SEARCH_INDEX,
    searchIndexSync: value.SEARCH_INDEX_SYNC,
    // Every answer is checked in tests and development, none in production unless asked.
    responseValidationPercent: value.RESPONSE_VALIDATION_PERCENT ?? (nodeEnv === 'production' ? 0 : 100),
    // Behind HTTPS the browser must never send the refresh token over plain HTTP.
    secureCookies: nodeEnv === 'production' || publicUrl.startsWith('https:'),
    payments,
  };
}

/** The payments part of the configuration; production with payments on needs the real service and a key. */
function paymentsConfig(value: Record<string, unknown>, nodeEnv: Config['env'], jwtSecret: string, port: number, publicUrl: string): Config['payments'] {
  const enabled = (value.PAYMENTS_ENABLED as boolean | undefined) ?? nodeEnv !== 'production';
  const given = (value.ATHMOVIL_BASE_URL as string | undefined) || '';
  const keyText = (value.PAYMENTS_TOKEN_KEY as string | undefined) || '';
  const emulatorPort = Number(value.ATHMOVIL_EMULATOR_PORT);
  if (nodeEnv === 'production' && enabled) {
    const url = given ? new URL(given) : null;
    if (!url || url.protocol !== 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) {
      throw new ConfigError('Payments are on in production but ATHMOVIL_BASE_URL is not an https address of the real service (https://payments.athmovil.com): set it, or PAYMENTS_ENABLED=false.');
    }
    if (!keyText) throw new ConfigError('Payments are on in production but PAYMENTS_TOKEN_KEY is not set: set 32 random bytes (openssl rand -hex 32), or PAYMENTS_ENABLED=false.');
  }
  const tokenKey = keyText
    ? Buffer.from(keyText, /^[0-9a-fA-F]{64}$/.test(keyText) ? 'hex' : 'base64')
    : // Outside production: derived from the JWT secret, so a fresh machine works and keeps its tokens readable.
      createHmac('sha256', jwtSecret).update('payments-token-key').digest();
  if (tokenKey.length !== 32) throw new ConfigError('PAYMENTS_TOKEN_KEY must be 32 bytes (64 hex digits or 44 base64 characters).');
  return {
    enabled,
    baseUrl: (given || `http://127.0.0.1:${emulatorPort}`).replace(/\/+$/, ''),
    tokenKey,
    emulator: !given,
    emulatorPort,
    // The emulator runs beside the api; the real service reaches the public address.
    notifyUrl: `${given ? publicUrl : `http://127.0.0.1:${port}`}/api/v1/payments/athmovil/notify`,
  };
}
