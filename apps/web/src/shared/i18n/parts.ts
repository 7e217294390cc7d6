/**
 * The text tables are shipped in parts, so a page downloads the texts of the screens it shows,
 * not all of them: the core (the frame, home, games, the connection and unknown-error messages —
 * every screen's), one part per area whose screens alone use its texts, the pages' (the routes'
 * titles, but those filed with their screens' area, and the texts of the screens of no area: not
 * yet available, not found, maintenance, region), and the API's error messages, which the API
 * client loads with its first failure answer. A key's part follows from its
 * prefix (or, for keys whose prefix is shared, from ./screenKeys.ts), so the tables stay one file
 * per language; the build cuts them (apps/web/vite/text-parts.ts).
 */
export const TEXT_PARTS = ['core', 'pages', 'accounts', 'money', 'inhouse', 'lottery', 'games', 'errors'] as const;
export type TextPart = (typeof TEXT_PARTS)[number];

const PART_OF_PREFIX: Readonly<Record<string, TextPart>> = {
  forget: 'accounts',
  login: 'accounts',
  register: 'accounts',
  security: 'accounts',
  change: 'accounts',
  settings: 'accounts',
  mine: 'accounts',
  invite: 'accounts',
  wd: 'money',
  deposit: 'money',
  dep: 'money',
  payout: 'money',
  tr: 'money',
  to: 'money',
  rep: 'money',
  rec: 'money',
  pnl: 'money',
  bets: 'money',
  ig: 'inhouse',
  lt: 'lottery',
  title: 'pages',
  // Of no area's screens: the download popup (home, the member centre), the update notice (app/pwa).
  dl: 'pages',
  pwa: 'pages',
  // Content: the help centre, customer service and user agreement screens.
  help: 'pages',
  cs: 'pages',
  agreement: 'pages',
  inbox: 'pages',
  // Feedback is one of the member centre's entries: its texts ride with the accounts screens'.
  fb: 'accounts',
  // The leaderboard and the red-envelope rain are member-centre entries too (a part of their own
  // would add a loader to the start-up code).
  lb: 'accounts',
  rr: 'accounts',
  // Promotions and the reward centre: with the money screens (the withdraw screen's turnover).
  promo: 'money',
};

export function textPartOf(key: string): TextPart {
  return PART_OF_PREFIX[key.slice(0, key.indexOf('_'))] ?? 'core';
}
