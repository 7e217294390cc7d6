// By path, not by the package's name: the build's config loads this file (vite/text-parts.ts) and
// leaves a package to Node, which does not load TypeScript.
import { ERROR_I18N_KEYS, FIELD_MESSAGES } from '../../../../../packages/contract/src/errors.ts';
import {
  ACCOUNTS_CHECKS,
  DEPOSIT_CHECKS,
  DRAWN_WITHOUT_A_FAILURE,
  FEEDBACK_CHECKS,
  PROMOTION_CHECKS,
} from './failureParts';
import { textPartOf, type TextPart } from './parts';

/** The keys the API's failure answers name (its error codes' and field messages'), but those screens draw themselves. */
const FAILURE_KEYS = [
  ...new Set([...Object.values(ERROR_I18N_KEYS), ...Object.values(FIELD_MESSAGES).map((field) => field.i18nKey)]),
].filter(
  (key) =>
    !DRAWN_WITHOUT_A_FAILURE.includes(key) &&
    !ACCOUNTS_CHECKS.includes(key) &&
    !DEPOSIT_CHECKS.includes(key) &&
    !FEEDBACK_CHECKS.includes(key) &&
    !PROMOTION_CHECKS.includes(key),
);

/** The contract's error tables, which name keys of several parts (the failure path loads each key's part). */
export const ERROR_TABLE_FILES = /^contract[\\/]([a-z-]+[\\/])?errors\.ts$/;

/*
 * The titles of routes whose screen shows an area's texts, filed in that area's part: the layout
 * draws a route's title (header, tab) once its screen's parts are loaded (app/layout/AppLayout), so
 * it is there when the screen first draws. Every other title (the not yet available screens',
 * those the member centre lists too) is filed by its prefix in the pages part (./parts.ts), which
 * those routes' screens name. texts.test.ts checks every route's title is in a part its screen names.
 */
const ACCOUNTS_TITLES = [
  'title_login',
  'title_register',
  'title_forget_password',
  'title_first_password',
  'title_member_centre',
  'title_personal_settings',
  'title_free_trial',
  'title_security_centre',
];
const MONEY_TITLES = ['title_voucher_centre', 'title_withdraw'];
const GAMES_TITLES = ['title_game_lobby', 'title_game_centre', 'title_rng', 'title_game_list', 'title_launch_game'];
const LOTTERY_TITLES = ['title_lottery', 'title_more_lottery', 'title_start_lottery'];
const INHOUSE_TITLES = ['title_play_game'];

/**
 * Keys whose prefix other screens share but which only one area's screens show, filed in that
 * area's part rather than the core every page loads (home's texts among them): the accounts
 * screens' (in_, acc_, nav_, trial_, download_ keys; ~0.7 KB gzip of the Tagalog core), the game
 * screens' — list, lobby, slots centre and launch, not home's game blocks (~0.6 KB) — and the
 * system screens' — not yet available, not found, maintenance, region, notices (home's marquee
 * shows notice_ keys too) — in the pages part, beside the routes' titles. Every screen
 * drawing them names the part in the route table, so it is there before they draw. The errors
 * part holds the messages only a failure answer shows (~1.4 KB).
 * The app does not read these lists: a key missing from the loaded parts is looked for by its
 * prefix (./parts.ts), which for these would never find it — so a key here must stay its screens'
 * own; texts.test.ts fails on a use of one anywhere else (SCREEN_KEY_FILES). Only the API client's
 * failure path finds a key's part otherwise, by ./failureParts.ts.
 */
export const SCREEN_KEYS: Readonly<Partial<Record<TextPart, readonly string[]>>> = {
  accounts: [
    'in_been_out',
    'in_registered_successfully',
    'in_sms_sent',
    'in_email_sent',
    'in_enter_username_password',
    'in_payment_password_format',
    'in_captcha_format',
    'in_enter_password',
    'in_enter_field',
    'in_field_format',
    'in_enter_sms_code',
    'in_enter_mobile',
    'in_mobile_min',
    'in_contact_service',
    'acc_username',
    'acc_password',
    'acc_confirm_password',
    'acc_id_number',
    'acc_qq',
    'acc_facebook',
    'acc_wechat',
    'acc_line',
    'acc_whatsapp',
    'acc_zalo',
    'acc_email',
    'acc_nickname',
    'acc_payee_name',
    'acc_payee_name_hint',
    'acc_mobile',
    'acc_sms_code',
    'acc_email_code',
    'acc_recommender',
    'acc_affiliate_code',
    'acc_captcha',
    'acc_captcha_reload',
    'acc_code_sent_to',
    'acc_email_fallback',
    'acc_sending_code',
    'nav_strip',
    'nav_strip_home',
    'nav_strip_register',
    'nav_strip_forgot',
    'nav_strip_service',
    'trial_title',
    'trial_body',
    'trial_start',
    'trial_waiting',
    ...ACCOUNTS_CHECKS,
    ...FEEDBACK_CHECKS,
    ...ACCOUNTS_TITLES,
  ],
  money: [...DEPOSIT_CHECKS, ...PROMOTION_CHECKS, ...MONEY_TITLES],
  pages: [
    'unavailable_title',
    'unavailable_body',
    'not_found_title',
    'not_found_body',
    'maintenance_title',
    'maintenance_until',
    'maintenance_contact',
    'region_title',
    'region_body',
    'region_ip',
    'region_country',
    'region_unknown_country',
    'notice_empty_body',
    'notice_more',
    'notice_read_more',
    'notice_read_less',
    'notice_end',
    'app_name',
  ],
  inhouse: INHOUSE_TITLES,
  lottery: LOTTERY_TITLES,
  games: [
    'games_classify_label',
    'games_vendor_label',
    'games_vendor_all',
    'games_search_label',
    'games_search_placeholder',
    'games_search_submit',
    'games_search_clear',
    'games_empty_body',
    'games_empty_favourites',
    'games_load_more',
    'games_end',
    'games_unknown_category',
    'games_empty_recent_title',
    'games_empty_recent',
    'games_filter_open',
    'games_filter_open_chosen',
    'games_filter_title',
    'games_filter_reset',
    'games_filter_submit',
    'games_min_bet_label',
    'games_min_bet_all',
    'games_other_categories',
    'games_class_JACKPOT',
    'games_class_CLASSIC',
    'games_class_MULTIWAYS',
    'games_class_FEATURE',
    'games_class_SHOOTER',
    'games_class_BACCARAT',
    'games_class_ROULETTE',
    'games_class_SICBO',
    'games_class_DRAGONTIGER',
    'games_class_BLACKJACK',
    'games_class_COLORGAME',
    'games_class_CARDS',
    'games_class_POKER',
    'games_class_TILES',
    'launch_loading_title',
    'launch_loading_hint',
    'launch_other_games',
    'launch_not_connected_title',
    'launch_not_connected_vendor',
    'launch_not_connected_body',
    'launch_not_connected_nothing_taken',
    'launch_trial_title',
    'launch_unavailable_title',
    'launch_unavailable_body',
    'launch_bad_link',
    'lobby_heading',
    'lobby_lead',
    'lobby_empty',
    'lobby_games',
    'lobby_games_one',
    'lobby_vendors',
    'lobby_vendors_one',
    ...GAMES_TITLES,
  ],
  errors: FAILURE_KEYS,
};

/** The source files (under apps/web/src; contract/… for the contract's) that may use each part's SCREEN_KEYS. */
export const SCREEN_KEY_FILES: Readonly<Partial<Record<TextPart, RegExp>>> = {
  // The image picker (shared/uploads) serves feedback and the promotion applications alike.
  accounts: /^(features[\\/](accounts|referrals|feedback|promotions)|shared[\\/]uploads)[\\/]/,
  money: /^features[\\/](deposit|promotions)[\\/]/,
  pages: /^features[\\/](notice|system|unavailable)[\\/]/,
  inhouse: /^features[\\/]inhouse-games[\\/]/,
  lottery: /^(features[\\/]lottery[\\/]|app[\\/]screens[\\/](LotteryMenu|StartLottery)\.tsx$)/,
  errors: ERROR_TABLE_FILES,
  games:
    /^features[\\/]games[\\/](GameListScreen|GameLobbyScreen|LaunchGameScreen|SlotsCenterScreen|components[\\/](FilterSheet|CategoryLinks)|lib[\\/](useClassificationLabel|listFilters))\.tsx?$/,
};

const PART_OF_SCREEN_KEY = new Map(
  Object.entries(SCREEN_KEYS).flatMap(([part, keys]) => keys.map((key) => [key, part as TextPart])),
);

/** The part a key is filed in when the tables are cut (apps/web/vite/text-parts.ts). */
export function tablePartOf(key: string): TextPart {
  return PART_OF_SCREEN_KEY.get(key) ?? textPartOf(key);
}
