import { MerchantCacheRegistry } from '../../platform/cache/merchant-cache';
import type { Queryable } from '../../platform/db/database';
import { MerchantCatalogue } from './catalogue';
import * as store from './store';

export interface CatalogueMerchant {
  id: number;
  code: string;
}

/** Reads a merchant's catalogue from the database and builds it. */
export async function readCatalogue(q: Queryable, merchant: CatalogueMerchant): Promise<MerchantCatalogue> {
  return new MerchantCatalogue(await store.loadCatalogue(q, merchant.id), merchant.code);
}

/**
 * Every merchant's game catalogue in memory, kept until a change to it is announced under
 * `catalogueTopic` (store.ts) by any replica.
 */
export const catalogueCaches = new MerchantCacheRegistry<MerchantCatalogue, CatalogueMerchant>(
  store.CATALOGUE_TOPIC_PREFIX,
  readCatalogue,
);
