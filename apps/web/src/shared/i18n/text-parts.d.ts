/** A part of a language's text table, built by apps/web/vite/text-parts.ts. */
declare module 'virtual:texts/*' {
  const texts: Readonly<Record<string, string>>;
  export default texts;
}
