import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { loadTextParts } from '../shared/i18n';
import type { TextPart } from '../shared/i18n/parts';

type Loader = () => Promise<{ default: ComponentType }>;

export interface RetryableScreen {
  /** Lazy until the module has been preloaded (preloadScreen), then the screen itself. */
  Component: LazyExoticComponent<ComponentType> | ComponentType;
  failed: boolean;
  load: Loader;
  /** The parts of the text table the screen shows beyond the core; its route's title is in one. */
  textParts: readonly TextPart[];
}

const screens = new Set<RetryableScreen>();

function makeLazy(entry: RetryableScreen) {
  return lazy(() =>
    entry.load().catch((error: unknown) => {
      entry.failed = true;
      throw error;
    }),
  );
}

/**
 * A route-level code-split screen, with the parts of the text table it shows beyond the core
 * (shared/i18n/parts.ts): its module counts as loaded once they are too. React.lazy remembers a
 * failed import forever, so each screen keeps a handle that the route error boundary can renew
 * when the player taps retry.
 */
export function lazyScreen(loadModule: Loader, textParts: readonly TextPart[] = []): RetryableScreen {
  const load: Loader = () => Promise.all([loadModule(), loadTextParts(textParts)]).then(([module]) => module);
  const entry: RetryableScreen = {
    Component: null as unknown as RetryableScreen['Component'],
    failed: false,
    load,
    textParts,
  };
  entry.Component = makeLazy(entry);
  screens.add(entry);
  return entry;
}

/** Renews every screen whose module failed to load; returns how many were renewed. */
export function renewFailedScreens(): number {
  let renewed = 0;
  for (const entry of screens) {
    if (entry.failed) {
      entry.failed = false;
      entry.Component = makeLazy(entry);
      renewed += 1;
    }
  }
  return renewed;
}

/**
 * Loads a screen's module before the app first renders it, so that render does not suspend: the
 * page's first commit is the whole screen, not a skeleton followed by the screen. The server has
 * already named the module in the page (modulepreload), so this waits for little. A failure is
 * left to the lazy component, which reports it when the screen renders.
 */
export async function preloadScreen(entry: RetryableScreen): Promise<void> {
  try {
    entry.Component = (await entry.load()).default;
  } catch {
    // The lazy component tries again when the screen renders, and shows the failure if it stays.
  }
}
