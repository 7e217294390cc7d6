/**
 * The English terms Tagalog keeps as they are, because Filipino players write them so (Taglish of
 * payments and gaming apps), and names that read the same in every language. Every other text of the
 * Tagalog table differs from its English one; the text-table test and the browser test hold it so.
 */
export const TAGALOG_LOANWORDS: readonly string[] = [
  // names
  'Palaro',
  'Tagalog',
  'English',
  'Telegram',
  'Facebook',
  'WeChat',
  'LINE',
  'WhatsApp',
  'Zalo',
  'QQ',
  'GCash',
  'Maya',
  'USDT (TRC20)',
  'Android app',
  'iPhone app',
  'RNG',
  // the VIP club's levels (the promotions' category)
  'VIP',
  // the profile pictures we draw (a flower and an animal of the islands, named so in Tagalog too)
  'Sampaguita',
  'Tarsier',
  // the app's frame
  'Home',
  'Menu',
  'Inbox',
  'Customer Service',
  'Maintenance',
  'Feedback',
  'Leaderboard',
  'Game lobby',
  // accounts
  'Username',
  'Password',
  'Login password',
  'Payment password',
  'E-mail',
  'Mobile number',
  'Mobile number (09XXXXXXXXX)',
  'Account',
  'Account number',
  'ID number',
  'Referrer ID',
  'Invitation code',
  'Country code',
  'Upline',
  // money
  'Deposit',
  'Withdraw',
  'Withdrawal',
  'Online banking',
  'Bank transfer',
  'Wallet address',
  'Network',
  'Min',
  'Max',
  'Payout',
  'Turnover',
  'Bonus',
  'Rebate',
  'Adjustment',
  'Status',
  'Pending',
  'Order no.',
  'Ref.',
  // games
  'Hot',
  'Sports',
  'E-sports',
  'Live Casino',
  'Live casino',
  'Slots',
  'In-house',
  'Multiplier',
  'VS',
  // casino games' names (a vendor's classifications)
  'Baccarat',
  'Sic Bo',
  'Dragon Tiger',
  'Blackjack',
  'Color Game',
  'Poker',
  // the lottery's bet words, as Filipino lottery apps print them
  'Jackpot',
  'Odd',
  'Even',
  'Dragon',
  'Tiger',
  'Trend',
  'Straight',
  'Rambolito 2',
  'Rambolito 3',
  'Rambolito 6',
];

/** The literal pieces of a text between its {{placeholders}}, without the punctuation around them. */
export function textPieces(text: string): string[] {
  return text
    .split(/\{\{[^}]+\}\}/)
    .map((piece) => piece.replace(/^[\s,:;·—–]+|[\s,:;·—–…]+$/g, ''))
    .filter(Boolean);
}

/** "Log in" and "Login", "Member centre" and "Member Center" are the same English. */
export function sameEnglish(a: string, b: string): boolean {
  const plain = (text: string) =>
    text
      .toLowerCase()
      .replace(/centre/g, 'center')
      .replace(/[\s-]+/g, '');
  return plain(a) === plain(b);
}

/** The pieces of Tagalog texts still in English although they are no accepted loanword. */
export function untranslatedTagalog(english: Record<string, string>, tagalog: Record<string, string>): string[] {
  return [
    ...new Set(
      Object.entries(tagalog)
        .filter(([key, text]) => english[key] !== undefined && sameEnglish(english[key], text))
        .flatMap(([, text]) => textPieces(text))
        .filter((piece) => /\p{L}/u.test(piece) && !TAGALOG_LOANWORDS.includes(piece)),
    ),
  ];
}
