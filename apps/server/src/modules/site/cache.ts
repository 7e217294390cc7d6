import type { FastifyBaseLogger } from 'fastify';
import { ZSiteSettings } from '@palaro/contract/schemas';
import { attachChangeFeed, changeFeedOf, type ChangeFeed } from '../../platform/cache/change-feed';
import type { Database, Queryable } from '../../platform/db/database';
import { CachedBody, JsonTemplate } from '../../platform/http/cached-body';
import type { MerchantRow } from './schema';
import * as store from './store';

/** What `merchantTopic` (store.ts) makes. */
const SITE_TOPIC_PREFIX = 'site:';

/** One merchant as the cache holds it, with what is derived from it made once per fill. */
export class CachedMerchant {
  private settings: { value: string; body: CachedBody } | null = null;
  private startup: JsonTemplate | null = null;

  constructor(
    readonly row: MerchantRow,
    private readonly toSettings: (merchant: MerchantRow) => unknown,
  ) {}

  /**
   * The settings' JSON, checked against the contract once per fill (the schema also drops any
   * field the contract does not name), and its `{success,value}` body.
   */
  private settingsOnce(): { value: string; body: CachedBody } {
    if (!this.settings) {
      const value = JSON.stringify(ZSiteSettings.parse(this.toSettings(this.row)));
      this.settings = { value, body: new CachedBody(`{"success":true,"value":${value}}`) };
    }
    return this.settings;
  }

  /** The settings as JSON text, to splice into a larger body (start-up, the page's inlined boot data). */
  get settingsJson(): string {
    return this.settingsOnce().value;
  }

  get settingsBody(): CachedBody {
    return this.settingsOnce().body;
  }

  /** The start-up answer around its per-request part: `{"success":true,"value":{"startup":…,"settings":…}}`. */
  get startupTemplate(): JsonTemplate {
    this.startup ??= new JsonTemplate('{"success":true,"value":{"startup":', `,"settings":${this.settingsJson}}}`);
    return this.startup;
  }
}

interface Snapshot {
  byHost: Map<string, CachedMerchant>;
  byId: Map<number, CachedMerchant>;
  fallback: CachedMerchant | null;
}

/**
 * Every merchant and domain, in memory: the merchant and domain tables are small (a handful of
 * brands, their domains) and read by every request, so the whole of them is read at once and kept
 * until a change is announced. A host no domain names costs a map lookup, never a query, whatever
 * Host headers a client makes up. One reload serves every request waiting for it; a change
 * announced during a reload makes that reload's result unusable (it may predate the change).
 */
export class MerchantDirectory {
  private snapshot: Snapshot | null = null;
  private loading: Promise<Snapshot> | null = null;
  /** Bumped by every change: a load that started before it does not become the snapshot. */
  private generation = 0;

  constructor(
    private readonly db: Queryable,
    private readonly toSettings: (merchant: MerchantRow) => unknown,
  ) {}

  onChange(topic: string | null): void {
    if (topic !== null && !topic.startsWith(SITE_TOPIC_PREFIX)) return;
    this.generation += 1;
    this.snapshot = null;
    this.loading = null;
  }

  /**
   * The merchant of `host` (null: none named), else the default one; undefined when neither
   * exists. At once while the directory is loaded (every request's gate resolves here, and a
   * promise per request is a share of a cached read's CPU); a promise while it reloads.
   */
  resolve(host: string | null): CachedMerchant | undefined | Promise<CachedMerchant | undefined> {
    return this.snapshot ? resolveIn(this.snapshot, host) : this.load().then((snapshot) => resolveIn(snapshot, host));
  }

  async byId(merchantId: number): Promise<CachedMerchant | undefined> {
    return (this.snapshot ?? (await this.load())).byId.get(merchantId);
  }

  private load(): Promise<Snapshot> {
    if (!this.loading) {
      const generation = this.generation;
      const loading = this.read().then((snapshot) => {
        if (this.generation === generation) this.snapshot = snapshot;
        return snapshot;
      });
      // A failed read (the database is down) is not remembered: the next request tries again.
      loading
        .catch(() => undefined)
        .finally(() => {
          if (this.loading === loading) this.loading = null;
        });
      this.loading = loading;
    }
    return this.loading;
  }

  private async read(): Promise<Snapshot> {
    const [rows, domains] = await Promise.all([store.listMerchants(this.db), store.listDomains(this.db)]);
    const byId = new Map(rows.map((row) => [row.id, new CachedMerchant(row, this.toSettings)]));
    const byHost = new Map<string, CachedMerchant>();
    for (const { host, merchantId } of domains) {
      const merchant = byId.get(merchantId);
      if (merchant) byHost.set(host, merchant);
    }
    const fallback = [...byId.values()].find((merchant) => merchant.row.isDefault) ?? null;
    return { byHost, byId, fallback };
  }
}

function resolveIn(snapshot: Snapshot, host: string | null): CachedMerchant | undefined {
  return (host ? snapshot.byHost.get(host) : undefined) ?? snapshot.fallback ?? undefined;
}

const directories = new WeakMap<ChangeFeed, MerchantDirectory>();

/** The directory serving reads made through this query handle, if the app started one on it. */
export function merchantDirectoryOf(q: Queryable): MerchantDirectory | undefined {
  const feed = changeFeedOf(q);
  return feed ? directories.get(feed) : undefined;
}

/**
 * Starts the directory for the app's database (or joins the one another app in this process
 * started on the same handle); answers the function that stops it.
 */
export async function startMerchantDirectory(
  database: Database,
  log: FastifyBaseLogger,
  toSettings: (merchant: MerchantRow) => unknown,
): Promise<() => Promise<void>> {
  const { feed, detach } = await attachChangeFeed(database, log);
  if (!directories.has(feed)) {
    const directory = new MerchantDirectory(database.db, toSettings);
    feed.subscribe((topic) => directory.onChange(topic));
    directories.set(feed, directory);
  }
  return detach;
}
