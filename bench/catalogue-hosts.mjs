/** The catalogue sizes the bench measures a game-list page at, beside the demo's own (bench/catalogues.mjs). */
export const CATALOGUE_SIZES = [1_000, 100_000];

/** The host of the bench merchant with `size` games (a domain of merchant_domains). */
export const catalogueHost = (size) => `games-${size}.bench.localhost`;
