/**
 * The event bus across server processes (DESIGN.md §11): `publish` is a `pg_notify` on one
 * channel, and one dedicated connection per process LISTENs and hands every notification, its
 * own included, to the local handlers of its type. So a transition made on one process reaches
 * sockets held by any other. The payload carries ids and statuses, or one message of at most 500
 * characters (NOTIFY refuses more than 8000 bytes; a larger event is logged and dropped, and
 * screens catch up by fetching).
 */
import pg from 'pg';
import type { Knex } from 'knex';
import { EventHandlers, type DomainEvent, type DomainEventType, type EventBus, type EventHandler } from './events.ts';

export const eventsChannel = 'resuelve_events';
/** PostgreSQL's limit is 8000 bytes for a NOTIFY payload. */
export const maxEventBytes = 7900;
/** Events per NOTIFY statement at most. */
const maxBatch = 200;

/** What one NOTIFY carries: the event under `payload`, as every process of the app reads it. */
interface Notification {
  recipients: string[];
  payload: DomainEvent;
}

export interface PgEventBusOptions {
  databaseUrl: string;
  /** Publishing goes through the app's pool; only listening needs its own connection. */
  knex: Knex;
  onError?: (error: unknown, where: string) => void;
  /** First wait before reconnecting after the listening connection broke; doubles up to 10 s. */
  reconnectMs?: number;
}

export class PgEventBus implements EventBus {
  private readonly handlers = new EventHandlers();
  private readonly outbox: { text: string; resolve: () => void }[] = [];
  private sending = false;
  private client: pg.Client | null = null;
  private running = false;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryDelay: number;
  /** Called after the listening connection came back: events of the gap may be missed. */
  onReconnect: (() => void) | null = null;

  constructor(private readonly options: PgEventBusOptions) {
    this.retryDelay = options.reconnectMs ?? 250;
  }

  /**
   * Opens the listening connection; resolves once LISTEN is in place, or after a first failure
   * (the server still starts while the database is down, and the bus keeps trying).
   */
  async start(): Promise<void> {
    if (this.running) return this.connecting ?? undefined;
    this.running = true;
    this.connecting = this.connect(false);
    await this.connecting;
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }

  get listening(): boolean {
    return this.client !== null;
  }

  /**
   * One statement at a time, carrying every event queued meanwhile: in order, and under load one
   * NOTIFY transaction for many events instead of one each (the notify queue is a single lock).
   */
  publish(recipients: string[], event: DomainEvent): Promise<void> {
    let text: string;
    try {
      text = JSON.stringify({ recipients, payload: event } satisfies Notification);
      if (Buffer.byteLength(text) > maxEventBytes) throw new Error(`Event of ${Buffer.byteLength(text)} bytes is over the NOTIFY limit`);
    } catch (error) {
      this.options.onError?.(error, 'publish');
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      this.outbox.push({ text, resolve });
      if (!this.sending) void this.send();
    });
  }

  private async send(): Promise<void> {
    this.sending = true;
    while (this.outbox.length) {
      const batch = this.outbox.splice(0, maxBatch);
      try {
        await this.options.knex.raw('SELECT pg_notify(?, payload) FROM unnest(?::text[]) WITH ORDINALITY AS e(payload, n) ORDER BY n', [
          eventsChannel,
          batch.map((item) => item.text),
        ]);
      } catch (error) {
        // A committed change stays committed; the screens catch up on their next fetch.
        this.options.onError?.(error, 'publish');
      }
      for (const item of batch) item.resolve();
    }
    this.sending = false;
  }

  subscribe<K extends DomainEventType>(type: K, handler: EventHandler<K>): () => void {
    return this.handlers.add(type, handler);
  }

  subscribeAll(handler: EventHandler<DomainEventType>): () => void {
    return this.handlers.add(null, handler);
  }

  private async connect(isReconnect: boolean): Promise<void> {
    const client = new pg.Client({ connectionString: this.options.databaseUrl, application_name: 'resuelve-events', connectionTimeoutMillis: 3000 });
    client.on('notification', (message) => {
      if (message.channel === eventsChannel && message.payload) this.deliver(message.payload);
    });
    client.on('error', (error) => this.broken(client, error));
    client.on('end', () => this.broken(client, new Error('Listening connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${eventsChannel}`);
    } catch (error) {
      client.removeAllListeners('end');
      this.broken(client, error);
      return;
    }
    if (!this.running) {
      client.removeAllListeners('end');
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryDelay = this.options.reconnectMs ?? 250;
    if (isReconnect) this.onReconnect?.();
  }

  private broken(client: pg.Client, error: unknown): void {
    if (this.client !== null && this.client !== client) return; // an old connection's late news
    if (!this.running || this.retryTimer) return;
    this.client = null;
    this.options.onError?.(error, 'listen');
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    const delay = this.retryDelay;
    this.retryDelay = Math.min(this.retryDelay * 2, 10_000);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.running) this.connecting = this.connect(true);
    }, delay);
  }

  /** Every handler at once: a slow one (the notices' queries) holds back neither the sockets nor the order. */
  private deliver(text: string): void {
    let notification: Notification;
    try {
      notification = JSON.parse(text) as Notification;
    } catch (error) {
      this.options.onError?.(error, 'parse');
      return;
    }
    const { recipients, payload: event } = notification;
    for (const handler of this.handlers.of(event)) {
      try {
        void Promise.resolve(handler(event, recipients)).catch((error: unknown) => this.options.onError?.(error, 'listener'));
      } catch (error) {
        this.options.onError?.(error, 'listener');
      }
    }
  }
}
