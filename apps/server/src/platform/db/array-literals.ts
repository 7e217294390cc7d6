/**
 * PostgreSQL array literals built here rather than by the driver, which converts and escapes
 * element by element: for a settlement's ten thousand lines that was a tenth of the caller's time.
 */
export const numberArray = (values: readonly (number | bigint)[]) => `{${values.join(',')}}`;
const NEEDS_ESCAPE = /["\\]/;
const arrayElement = (value: string | null) =>
  value === null ? 'NULL' : `"${NEEDS_ESCAPE.test(value) ? value.replace(/["\\]/g, '\\$&') : value}"`;
/** A run of equal values (a bulk's kinds, categories, memos) is quoted once. */
export function textArray(values: readonly (string | null)[]): string {
  const elements = new Array<string>(values.length);
  let element = '';
  values.forEach((value, index) => {
    if (index === 0 || value !== values[index - 1]) element = arrayElement(value);
    elements[index] = element;
  });
  return `{${elements.join(',')}}`;
}
