/**
 * A module the page asks for only on the first sign it is about to be used (a pointer over a
 * button, focus, the press itself) rather than with every page: most visits never use it. Kept once
 * loaded, so every later use draws at once; a failed download is asked for again next time.
 */
export interface OnDemand<T> {
  /** What the module gave, once it has loaded; null before. */
  loaded(): T | null;
  /** The module's value, downloading it the first time (a failure rejects, and the next call tries again). */
  load(): Promise<T>;
  /** Starts the download early; the use that follows reports a failure. */
  preload(): void;
}

export function onDemand<T>(importModule: () => Promise<T>): OnDemand<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  const load = (): Promise<T> => {
    loading ??= importModule().then(
      (loaded) => (value = loaded),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  return {
    loaded: () => value,
    load,
    preload: () => void load().catch(() => undefined),
  };
}
