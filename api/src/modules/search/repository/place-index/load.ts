/**
 * Loading and listening: the index's own connection LISTENs on the places channel (every change
 * to a provider's rows is announced at commit, migration 0026), loads the copy, reads a
 * provider's rows again when its change is heard, and rolls next free times ahead as time passes.
 * When the connection breaks the copy is not used (searches take the full statement) and the
 * connection is made again, waiting longer each time up to 10 s.
 */
import pg from 'pg';
import { cardsSql, rowsSql, statementChunk, type CardColumns, type PlaceCopy, type PlaceRow } from './copy.ts';
import type { NextFreeRow, NextFreeTimes } from './next-free.ts';

export const placesChannel = 'resuelve_search_places';

/**
 * How often time's passing is looked at, and how far ahead answers are computed: at most one
 * statement's worth each time, soonest first, so the many answers that end at the same quarter hour
 * are spread over the minutes before it instead of landing on PostgreSQL at once.
 */
const rollMs = 10_000;
const rollAheadMs = 300_000;

export interface PlaceIndexOptions {
  databaseUrl: string;
  /** The api's clock: next free times are computed for its moment (tests move it). */
  now?: () => Date;
  onError?: (error: unknown, where: string) => void;
  /** First wait before reconnecting after the connection broke; doubles up to 10 s. */
  reconnectMs?: number;
}

export interface PlaceStores {
  copy: PlaceCopy;
  nextFree: NextFreeTimes;
}

export class PlaceFeed {
  private rollTimer: NodeJS.Timeout | null = null;
  /** The roll under way, if any. */
  rolling: Promise<void> | null = null;
  private client: pg.Client | null = null;
  private running = false;
  /** Whether the copy is whole and kept: searches may pick their page from it. */
  loaded = false;
  private namesChanged = false;
  private readonly pendingIds = new Set<string>();
  private pendingBarriers: string[] = [];
  private readonly barrierWaiters = new Map<string, () => void>();
  private draining: Promise<void> | null = null;
  private barriers = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private retryMs: number;
  private starting: Promise<void> | null = null;

  constructor(
    private readonly options: PlaceIndexOptions,
    private readonly stores: PlaceStores,
  ) {
    this.retryMs = options.reconnectMs ?? 500;
  }

  /** Connects, listens, then loads every row; resolves once loaded (or failed, retrying behind). */
  start(): Promise<void> {
    this.running = true;
    this.starting = this.connect();
    return this.starting;
  }

  /** Resolves once the latest start (or reconnection) has loaded or failed. */
  async started(): Promise<void> {
    await this.starting;
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.rollTimer) clearInterval(this.rollTimer);
    this.rollTimer = null;
    this.stores.copy.names.clear();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.loaded = false;
    const client = this.client;
    this.client = null;
    for (const resolve of this.barrierWaiters.values()) resolve();
    this.barrierWaiters.clear();
    await client?.end().catch(() => undefined);
    // Nothing held after stopping: a process that starts another server does not carry this one's copy.
    this.forgetCopy();
    this.stores.copy.versions.clear();
  }

  /** Drops the copy of the tables (places, cards, next free times) before a load or after a stop. */
  private forgetCopy(): void {
    this.stores.copy.forget();
    this.stores.nextFree.clear();
  }

  /**
   * Waits until every change committed before this call is in the index (a notice sent now comes
   * back after every notice of earlier commits). Tests call it through SEARCH_INDEX_SYNC so that
   * a search right after a write sees it; when the index is down it returns at once.
   */
  async sync(): Promise<void> {
    await this.starting;
    const client = this.client;
    if (!client || !this.loaded) return;
    const token = `barrier:${++this.barriers}`;
    const heard = new Promise<void>((resolve) => this.barrierWaiters.set(token, resolve));
    try {
      await client.query('SELECT pg_notify($1, $2)', [placesChannel, token]);
    } catch {
      this.barrierWaiters.delete(token);
      return;
    }
    await heard;
  }

  now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Computes ahead the next free times that will stop holding soon (time passing needs no statement at search time). */
  roll(): void {
    const client = this.client;
    if (!this.loaded || !client || this.rolling) return;
    const pairs = this.stores.nextFree.due(this.now().getTime(), rollAheadMs);
    if (!pairs.length) return;
    pairs.sort((a, b) => a.at - b.at);
    // More due than one statement computes (after a start, or a quarter hour that most providers'
    // answers end at): the next statement follows at once rather than at the next tick.
    const more = pairs.length > statementChunk;
    pairs.length = Math.min(pairs.length, statementChunk);
    this.rolling = this.stores.nextFree
      .compute(pairs, (text, values) => client.query<NextFreeRow>(text, values))
      .catch((error) => this.options.onError?.(error, 'roll'))
      .finally(() => {
        this.rolling = null;
        if (more) setImmediate(() => this.roll());
      });
  }

  /**
   * Resolves once every next free time that ends within the roll's look-ahead has the one that
   * follows computed (as in a server that has been running): the bench waits for it before it
   * measures, as it waits for the load.
   */
  async rolledAhead(): Promise<void> {
    const giveUpAt = Date.now() + 5 * 60_000;
    while (this.loaded && this.running && Date.now() < giveUpAt) {
      if (!this.rolling && this.stores.nextFree.due(this.now().getTime(), rollAheadMs).length === 0) return;
      this.roll();
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  private async connect(): Promise<void> {
    if (!this.running) return;
    const { copy, nextFree } = this.stores;
    const client = new pg.Client({ connectionString: this.options.databaseUrl, application_name: 'resuelve-search-index' });
    client.on('error', (error) => this.broken(client, error, 'connection'));
    client.on('end', () => this.broken(client, new Error('the connection ended'), 'connection'));
    client.on('notification', (message) => {
      if (client !== this.client || !message.payload) return;
      if (message.payload.startsWith('barrier:')) this.pendingBarriers.push(message.payload);
      else if (message.payload === 'names') {
        copy.names.clear();
        this.namesChanged = true;
      } else this.pendingIds.add(message.payload);
      if (this.loaded) void this.drain();
    });
    try {
      await client.connect();
      // Stopped while connecting: nothing may keep this connection open.
      if (!this.running) {
        await client.end().catch(() => undefined);
        return;
      }
      this.client = client;
      await client.query(`LISTEN ${placesChannel}`);
      // Listening first: a change committed during the load is heard and read again after it.
      const { rows } = await client.query<PlaceRow>(rowsSql);
      const { rows: cards } = await client.query<CardColumns>(cardsSql);
      if (client !== this.client || !this.running) return;
      this.forgetCopy();
      this.namesChanged = false;
      for (const row of rows) copy.add(row);
      for (const card of cards) copy.setCard(card);
      const at = this.now().getTime();
      await nextFree.compute([...copy.cards.keys()].map((id) => ({ id, at })), (text, values) => client.query<NextFreeRow>(text, values));
      if (client !== this.client || !this.running) return;
      this.loaded = true;
      if (!this.rollTimer) {
        this.rollTimer = setInterval(() => this.roll(), rollMs);
        this.rollTimer.unref();
      }
      this.retryMs = this.options.reconnectMs ?? 500;
      await this.drain();
    } catch (error) {
      this.broken(client, error, 'load');
    }
  }

  private broken(client: pg.Client, error: unknown, where: string): void {
    if (client !== this.client && this.client !== null) return;
    if (this.client === client) this.client = null;
    this.loaded = false;
    this.stores.copy.names.clear();
    for (const resolve of this.barrierWaiters.values()) resolve();
    this.barrierWaiters.clear();
    this.pendingBarriers = [];
    if (!this.running) return;
    this.options.onError?.(error, where);
    void client.end().catch(() => undefined);
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.starting = this.connect();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
  }

  /** Reads again the providers heard of, then releases the barriers heard after them. */
  private drain(): Promise<void> {
    if (this.draining) return this.draining;
    const { copy, nextFree } = this.stores;
    const run = async () => {
      // Never synchronously: `draining` is set before the loop may end.
      await Promise.resolve();
      try {
        while (this.client && (this.pendingIds.size || this.pendingBarriers.length || this.namesChanged)) {
          const client = this.client;
          const ids = [...this.pendingIds];
          const barriers = this.pendingBarriers;
          const namesChanged = this.namesChanged;
          this.pendingIds.clear();
          this.pendingBarriers = [];
          this.namesChanged = false;
          if (namesChanged) {
            copy.forgetCategoryNames();
            // Every card shows category and municipality names: read them all again.
            const { rows: cards } = await client.query<CardColumns>(cardsSql);
            for (const card of cards) if (copy.cards.has(card.id)) copy.setCard(card);
          }
          if (ids.length) {
            copy.changed(ids);
            const { rows } = await client.query<PlaceRow>(`${rowsSql} WHERE pp.provider_id = ANY($1::uuid[])`, [ids]);
            const { rows: cards } = await client.query<CardColumns>(`${cardsSql} AND p.id = ANY($1::uuid[])`, [ids]);
            for (const id of ids) {
              copy.remove(id);
              nextFree.delete(id);
            }
            for (const row of rows) copy.add(row);
            for (const card of cards) copy.setCard(card);
            const at = this.now().getTime();
            await nextFree.compute(cards.map((card) => ({ id: card.id, at })), (text, values) => client.query<NextFreeRow>(text, values));
          }
          for (const token of barriers) {
            this.barrierWaiters.get(token)?.();
            this.barrierWaiters.delete(token);
          }
        }
      } catch (error) {
        if (this.client) this.broken(this.client, error, 'refresh');
      } finally {
        this.draining = null;
      }
    };
    this.draining = run();
    return this.draining;
  }
}
