/**
 * @module adapters/store/postgres/change-feed
 * One connection per process that LISTENs on the change channel: each notification carries the
 * change counter a write committed, so the process learns of other processes' writes without
 * polling. The connection's state is the store's health: lost (PostgreSQL restarting, network
 * down) it is `degraded` with the reason, and it reconnects with backoff; until it is back the
 * store polls the counter as before. Its socket and timers never keep a process alive.
 */
import pg from 'pg';
import { redactText } from '../../../kernel/redact.js';
import type { StoreHealth } from '../../../ports/store.js';
import { CHANGE_CHANNEL } from './change-log.js';

export interface ChangeFeedHandlers {
  /** A write committed with this change counter value. */
  onChange(seq: number): void;
  /** (Re)connected: notifications may have been missed meanwhile. */
  onConnect(): void;
}

const BACKOFF_MS = [100, 250, 500, 1000, 2000] as const;

export class ChangeFeed {
  readonly #config: pg.ClientConfig;
  readonly #handlers: ChangeFeedHandlers;
  #client: pg.Client | null = null;
  #started = false;
  #closed = false;
  #listening = false;
  #failures = 0;
  #timer: NodeJS.Timeout | null = null;
  #degraded: { reason: string; since: string } | null = null;

  constructor(config: pg.ClientConfig, handlers: ChangeFeedHandlers) {
    this.#config = config;
    this.#handlers = handlers;
  }

  /** Starts listening (once; later calls do nothing). */
  start(): void {
    if (this.#started || this.#closed) return;
    this.#started = true;
    void this.#connect();
  }

  get listening(): boolean {
    return this.#listening;
  }

  health(): StoreHealth {
    const changes = this.#listening ? 'listen' : 'poll';
    return this.#degraded ? { status: 'degraded', ...this.#degraded, changes } : { status: 'ok', changes };
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) clearTimeout(this.#timer);
    const client = this.#client;
    this.#client = null;
    this.#listening = false;
    await client?.end().catch(() => undefined);
  }

  async #connect(): Promise<void> {
    if (this.#closed) return;
    const client = new pg.Client({ ...this.#config, application_name: 'sextant-listen' });
    this.#client = client;
    client.on('error', (err) => this.#lost(client, err));
    client.on('end', () => this.#lost(client, new Error('the connection to the store ended')));
    client.on('notification', (msg) => {
      const seq = Number(msg.payload);
      if (msg.channel === CHANGE_CHANNEL && Number.isFinite(seq)) this.#handlers.onChange(seq);
    });
    try {
      await client.connect();
      unrefSocket(client);
      await client.query(`LISTEN ${CHANGE_CHANNEL}`);
      if (this.#client !== client) return;
      this.#listening = true;
      this.#failures = 0;
      this.#degraded = null;
      this.#handlers.onConnect();
    } catch (err) {
      this.#lost(client, err);
    }
  }

  #lost(client: pg.Client, err: unknown): void {
    if (this.#client !== client || this.#closed) return;
    this.#client = null;
    this.#listening = false;
    const message = err instanceof Error ? err.message : String(err);
    this.#degraded = { reason: `store unreachable: ${redactText(message) || 'connection refused'}`, since: this.#degraded?.since ?? new Date().toISOString() };
    client.end().catch(() => undefined);
    const delay = BACKOFF_MS[Math.min(this.#failures++, BACKOFF_MS.length - 1)]!;
    this.#timer = setTimeout(() => void this.#connect(), delay);
    this.#timer.unref();
  }
}

/** The client's socket must not keep the process alive (CLI commands end when their work does). */
function unrefSocket(client: pg.Client): void {
  (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
}
