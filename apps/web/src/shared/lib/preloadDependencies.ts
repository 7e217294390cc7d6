/**
 * What the build wraps every dynamic import in (Vite's `__vitePreload`, replaced by
 * vite/preload-helper.ts): the imported chunk's own imports are asked for beside it
 * (modulepreload) and its style sheets are loaded before it runs, each file once. Vite's helper
 * also serves what this app does without (CSP nonces on the links, a relative base, its
 * `vite:preloadError` event); this one is a third of its size in the start-up chunk.
 */
const requested = new Map<string, Promise<unknown> | undefined>();

/** Asks for one file unless the page has it: a style sheet answers when it has loaded, a module at once. */
function request(href: string): Promise<unknown> | undefined {
  if (requested.has(href)) return requested.get(href);
  const styleSheet = href.endsWith('.css');
  let loaded: Promise<unknown> | undefined;
  const present = Array.from(document.getElementsByTagName('link')).some(
    (link) => link.href === href && (!styleSheet || link.rel === 'stylesheet'),
  );
  if (!present) {
    const link = document.createElement('link');
    link.rel = styleSheet ? 'stylesheet' : 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    if (styleSheet) {
      loaded = new Promise((resolve, reject) => {
        link.onload = resolve;
        link.onerror = () => {
          // Asked for again by the next import that needs it: the player's retry.
          requested.delete(href);
          link.remove();
          reject(new Error(`The style sheet ${href} did not load`));
        };
      });
    }
    document.head.append(link);
  }
  requested.set(href, loaded);
  return loaded;
}

/** `load()` once the style sheets among `dependencies` (paths under the app's base) have loaded; a failed one fails the import. */
export function preloadDependencies<T>(load: () => Promise<T>, dependencies?: readonly string[]): Promise<T> {
  if (!dependencies?.length) return load();
  return Promise.all(
    dependencies.map((dependency) => request(new URL(import.meta.env.BASE_URL + dependency, location.href).href)),
  ).then(load);
}
