import { GAME_WALLET_API_PATHS, type TGameRecords } from '@palaro/contract';
import { apiGet, type QueryParams } from '../../../shared/api/client';

/** Betting records: every round of the member's games in a day range (the merchant's days), one category or all. */
export const fetchGameRecords = (params: QueryParams, signal?: AbortSignal) =>
  apiGet<TGameRecords>(GAME_WALLET_API_PATHS.gameRecords, params, signal);
