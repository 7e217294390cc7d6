import {
  ERROR_CODES,
  REGISTRATION_FIELDS,
  WHITELABEL_FLAGS,
  PROMOTION_SWITCHES,
  type TSiteSettings,
  type TStartup,
  type TFieldRule,
} from '@palaro/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Queryable } from '../../platform/db/database';
import { DomainError, MaintenanceError, NotFoundError, RegionRestrictedError } from '../../platform/http/errors';
import { ipInRanges } from '../../platform/network';
import { CachedMerchant, merchantDirectoryOf, startMerchantDirectory, type MerchantDirectory } from './cache';
import type { MerchantRow } from './schema';
import * as store from './store';

export interface ClientLocation {
  ip: string;
  /** ISO 3166 alpha-2 code from the trusted proxy header, or null when it gave none. */
  country: string | null;
}

function noMerchant(): DomainError {
  return new DomainError(ERROR_CODES.merchantUnknown, 'No merchant is configured for this site');
}

/**
 * Host header → merchant: a known domain decides, anything else gets the default merchant. Read
 * from memory when the app keeps the merchant directory on this handle (cache.ts), which every
 * request does; from the database otherwise (a transaction, a tool).
 */
export async function resolveMerchant(q: Queryable, hostHeader: string | undefined): Promise<MerchantRow> {
  const directory = merchantDirectoryOf(q);
  if (directory) return (await cachedMerchantOfHost(directory, hostHeader)).row;
  const host = hostNameOf(hostHeader);
  const merchant = (host ? await store.findMerchantByHost(q, host) : undefined) ?? (await store.findDefaultMerchant(q));
  if (!merchant) throw noMerchant();
  return merchant;
}

/**
 * Host header → the merchant in its cached form (`resolveMerchant`), at once when the directory
 * is loaded — the access gate's way, run by every player request — and a promise while it reloads
 * or when this handle keeps no directory. Throws (or rejects) when no merchant answers the host.
 */
export function merchantOfHost(q: Queryable, hostHeader: string | undefined): CachedMerchant | Promise<CachedMerchant> {
  const directory = merchantDirectoryOf(q);
  if (!directory) return resolveMerchant(q, hostHeader).then((row) => new CachedMerchant(row, toSiteSettings));
  return cachedMerchantOfHost(directory, hostHeader);
}

function cachedMerchantOfHost(
  directory: MerchantDirectory,
  hostHeader: string | undefined,
): CachedMerchant | Promise<CachedMerchant> {
  const found = directory.resolve(hostNameOf(hostHeader));
  return found instanceof Promise ? found.then(requireMerchant) : requireMerchant(found);
}

function requireMerchant(merchant: CachedMerchant | undefined): CachedMerchant {
  if (!merchant) throw noMerchant();
  return merchant;
}

/**
 * The cached form of a merchant the request resolved (its settings serialized once); made on the
 * spot when no directory runs on this handle, or when the row is not the directory's current one.
 */
export async function cachedMerchantOf(q: Queryable, merchant: MerchantRow): Promise<CachedMerchant> {
  const cached = await merchantDirectoryOf(q)?.byId(merchant.id);
  return cached?.row === merchant ? cached : new CachedMerchant(merchant, toSiteSettings);
}

/** Keeps every merchant and domain in memory for the app's reads, current across replicas. */
export function startMerchantCache(database: Database, log: FastifyBaseLogger): Promise<() => Promise<void>> {
  return startMerchantDirectory(database, log, toSiteSettings);
}

/**
 * The per-request part of the start-up answer (mode, the client's location) as JSON; the rest is
 * the merchant's settings, serialized once per cache fill (`CachedMerchant.startupTemplate`).
 * computeStartup builds exactly the contract's fields: nothing to strip or check per request.
 */
export function startupJson(merchant: MerchantRow, location: ClientLocation, now: Date): string {
  return JSON.stringify(computeStartup(merchant, location, now));
}

/** Lower-cases and drops the port, keeping IPv6 literals ("[::1]:3000" → "[::1]") intact. */
export function hostNameOf(hostHeader: string | undefined): string | null {
  if (!hostHeader) return null;
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1) || null;
  return host.split(':')[0] || null;
}

export function isRegionRestricted(merchant: MerchantRow, location: ClientLocation): boolean {
  const countryDenied = location.country !== null && merchant.deniedCountries.includes(location.country);
  return countryDenied || ipInRanges(location.ip, merchant.deniedIpRanges);
}

export interface MaintenanceState {
  enabled: boolean;
  message: string;
  until: Date | null;
}

/**
 * The merchant's maintenance as it stands at `now`. One whose end has passed is over wherever it
 * is read, whatever the row still says (a periodic sweep clears the row later), so every replica
 * ends it at the same moment without being told.
 */
export function maintenanceAt(merchant: MerchantRow, now: Date): MaintenanceState {
  const inEffect =
    merchant.maintenanceEnabled && (merchant.maintenanceUntil === null || merchant.maintenanceUntil > now);
  return inEffect
    ? { enabled: true, message: merchant.maintenanceMessage, until: merchant.maintenanceUntil }
    : { enabled: false, message: '', until: null };
}

export function computeStartup(merchant: MerchantRow, location: ClientLocation, now: Date): TStartup {
  const regionRestriction = isRegionRestricted(merchant, location);
  const maintenance = maintenanceAt(merchant, now);
  return {
    // Maintenance wins over region restriction (spec §2 "Start-up mode").
    mode: maintenance.enabled ? 'maintenance' : regionRestriction ? 'region' : 'normal',
    maintenance: maintenance.enabled,
    regionRestriction,
    info: { message: maintenance.message, until: maintenance.until?.toISOString() ?? null },
    location: { ip: location.ip, country: location.country },
  };
}

/** Throws when the merchant's players may not use the API right now (maintenance, then region). */
export function assertPlayerAccess(merchant: MerchantRow, location: ClientLocation, now: Date): void {
  const maintenance = maintenanceAt(merchant, now);
  if (maintenance.enabled) throw new MaintenanceError(maintenance.message, maintenance.until?.toISOString() ?? null);
  if (isRegionRestricted(merchant, location)) throw new RegionRestrictedError();
}

const DISABLED_FIELD: TFieldRule = { enabled: false, required: false, pattern: null };

/** The stored settings as the client reads them; anything the row leaves out is off. */
export function toSiteSettings(merchant: MerchantRow): TSiteSettings {
  return {
    merchantCode: merchant.code,
    trialMerchantCode: merchant.trialMerchantCode,
    name: merchant.name,
    logoUrl: merchant.logoUrl,
    theme: merchant.theme,
    currency: { code: merchant.currencyCode, symbol: merchant.currencySymbol },
    timeZone: merchant.timeZone,
    languages: merchant.languages,
    defaultLanguage: merchant.defaultLanguage,
    minimumAge: merchant.minimumAge,
    whitelabel: Object.fromEntries(
      WHITELABEL_FLAGS.map((flag) => [flag, merchant.whitelabel[flag] === true]),
    ) as TSiteSettings['whitelabel'],
    promotions: Object.fromEntries(
      PROMOTION_SWITCHES.map((name) => [name, merchant.promotions[name] === true]),
    ) as TSiteSettings['promotions'],
    vip: { display: merchant.vipDisplay, benefits: merchant.vipBenefits },
    mobileTemplate: merchant.mobileTemplate,
    register: {
      fields: Object.fromEntries(
        REGISTRATION_FIELDS.map((field) => [field, merchant.registration.fields[field] ?? DISABLED_FIELD]),
      ) as TSiteSettings['register']['fields'],
      defaultCountryDialingCode: merchant.registration.defaultCountryDialingCode,
      countryDialingCodes: merchant.registration.countryDialingCodes,
    },
    resources: { downloads: merchant.downloads, site: merchant.siteResources },
    customerService: merchant.customerService,
    imageCDNs: merchant.imageCdns,
    domainRoute: merchant.domainRoute,
    mainDomain: merchant.mainDomain,
    paths: merchant.paths,
  };
}

/** The merchant an operator call names by code, or 404. */
export async function requireMerchantByCode(q: Queryable, merchantCode: string): Promise<MerchantRow> {
  const merchant = await store.findMerchantByCode(q, merchantCode);
  if (!merchant) throw new NotFoundError(`No merchant with code ${merchantCode}`);
  return merchant;
}

/** A merchant by id (a row of another module names its merchant so), or 404. */
export async function requireMerchantById(q: Queryable, merchantId: number): Promise<MerchantRow> {
  const merchant = await store.findMerchantById(q, merchantId);
  if (!merchant) throw new NotFoundError(`No merchant ${merchantId}`);
  return merchant;
}

export type MerchantChanges = store.MerchantChanges;

/**
 * Changes a merchant's settings (operator switches); answers the row as it is now. Every replica's
 * merchant cache hears of it when the caller's transaction commits (`transactionAnnouncing` makes
 * this replica's hear at once).
 */
export function updateMerchant(q: Queryable, merchantId: number, changes: MerchantChanges): Promise<MerchantRow> {
  return store.updateMerchant(q, merchantId, changes);
}

/** Locks the merchants whose maintenance has an end that has passed, for the sweep that writes it down. */
export function lockLapsedMaintenance(q: Queryable, now: Date): Promise<MerchantRow[]> {
  return store.lockLapsedMaintenance(q, now);
}
