/** Whether a scheduled row shows at `now`: published already and not yet expired. */
export function isShowingAt(row: { publishedAt: Date; expiresAt: Date | null }, now: Date): boolean {
  return row.publishedAt <= now && (row.expiresAt === null || now < row.expiresAt);
}
