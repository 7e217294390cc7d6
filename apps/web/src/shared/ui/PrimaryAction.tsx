import { createContext, useContext, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/**
 * The action dock: the layout's bar fixed just above the bottom menu (or the bottom of the screen),
 * where a screen's primary action sits — always in sight, never under the menu or its floating
 * button, however long the form and wherever the player has scrolled. Null where there is no dock
 * (a bottom sheet, a screen rendered on its own): the action then stays in place in its form.
 */
export const ActionDockContext = createContext<HTMLElement | null>(null);

/**
 * A screen's primary action (its submit button), shown in the action dock. A button here submits its
 * form through the `form` attribute, since the dock lies outside the form.
 */
export function PrimaryAction({ children }: { children: ReactNode }) {
  const dock = useContext(ActionDockContext);
  if (!dock) return <div className="primary-action primary-action--inline">{children}</div>;
  return createPortal(<div className="primary-action">{children}</div>, dock);
}
