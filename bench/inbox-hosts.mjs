/**
 * The merchant sizes (members) the bench measures an inbox page at (bench/inboxes.mjs);
 * BENCH_INBOX_MEMBERS=1000,10000 measures others (a quick check of the bench itself).
 */
export const INBOX_SIZES = (process.env.BENCH_INBOX_MEMBERS ?? '1000,100000').split(',').map(Number);

/** The host of the bench merchant with `size` members (a domain of merchant_domains). */
export const inboxHost = (size) => `inbox-${size}.bench.localhost`;

/** The session cookie of the bench member of that merchant, whose inbox page is measured. */
export const inboxSessionCookie = (size) => `palaro_session=bench-inbox-${size}-session-token-not-secret`;
