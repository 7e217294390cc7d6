import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * Where the action dock is: the layout's bar fixed just above the bottom menu (or the bottom of the
 * screen), where a screen's primary action sits — always in sight, never under the menu or its
 * floating button, however long the form and wherever the player has scrolled. The layout hands the
 * bar's element in once it is drawn (`attach`, a ref callback); only the actions follow it, so the
 * layout and its screen are not drawn again for it (that second render came in the same task as
 * the first, or as the app taking over a screen the server drew).
 */
export interface ActionDock {
  attach(element: HTMLElement | null): void;
  element(): HTMLElement | null;
  subscribe(listener: () => void): () => void;
}

export function createActionDock(): ActionDock {
  let current: HTMLElement | null = null;
  const listeners = new Set<() => void>();
  return {
    attach(element) {
      if (element === current) return;
      current = element;
      for (const listener of listeners) listener();
    },
    element: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** Null where there is no dock (a bottom sheet, a screen rendered on its own): the action then stays in place in its form. */
export const ActionDockContext = createContext<ActionDock | null>(null);

const NO_DOCK = () => () => undefined;
const noElement = () => null;

/**
 * A screen's primary action (its submit button), shown in the action dock. A button here submits its
 * form through the `form` attribute, since the dock lies outside the form. Drawn in place until the
 * dock's element is known (and on the server, which has none).
 */
export function PrimaryAction({ children }: { children: ReactNode }) {
  const dock = useContext(ActionDockContext);
  const element = useSyncExternalStore(dock?.subscribe ?? NO_DOCK, dock?.element ?? noElement, noElement);
  if (!element) return <div className="primary-action primary-action--inline">{children}</div>;
  return createPortal(<div className="primary-action">{children}</div>, element);
}
