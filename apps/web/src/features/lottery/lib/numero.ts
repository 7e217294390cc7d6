/**
 * A draw number as shown: 20261207-1142 with a non-breaking hyphen, so a narrow line never splits
 * the day from the draw's number in it (the numero is copied and matched by its plain hyphen: only
 * what is shown uses this).
 */
export function numeroText(numero: string): string {
  return numero.replace(/-/g, '\u2011');
}
