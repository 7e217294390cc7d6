/**
 * A friend's name as the referrer sees it: the first two and the last character, the rest hidden
 * (a name of three or fewer keeps only its first). Enough to recognise a friend one invited,
 * not enough to find their account.
 */
export function maskedName(name: string): string {
  const characters = [...name];
  if (characters.length <= 3) return `${characters[0] ?? ''}***`;
  return `${characters.slice(0, 2).join('')}***${characters.at(-1)}`;
}

export function totalPages(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
