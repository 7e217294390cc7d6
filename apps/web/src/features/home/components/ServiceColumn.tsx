import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from '../../../shared/i18n/language';
import { ChevronRightIcon } from '../../../shared/ui/frameIcons';

import type { ServiceLinks } from './ServiceLinks';

const loadLinks = () => import('./ServiceLinks').then((module) => module.ServiceLinks);

/**
 * The floating column on home: inbox (unread badge), referral, messaging app, customer service,
 * social. At rest only a slim tab shows at the right edge, inside the page's margin, so the column
 * never lies over a tile or a link; a tap on the tab slides the column out, and scrolling, a tap
 * elsewhere or Escape puts it away again. Its buttons (ServiceLinks.tsx) load when the tab is
 * first pressed: home's first load carries only the tab (home's JavaScript budget).
 */
export function ServiceColumn({ unreadCount }: { unreadCount: number }) {
  const { t } = useTranslation();
  const column = useRef<HTMLElement>(null);
  const handle = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const focusListOnOpen = useRef(false);
  const focusHandleOnClose = useRef(false);
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [Links, setLinks] = useState<typeof ServiceLinks | null>(null);

  useEffect(() => {
    if (!open) {
      // Once the tab is back in reach (not inert), a keyboard user's focus returns to it.
      if (focusHandleOnClose.current) handle.current?.focus({ preventScroll: true });
      focusHandleOnClose.current = false;
      return;
    }
    if (focusListOnOpen.current) {
      focusListOnOpen.current = false;
      list.current?.querySelector<HTMLElement>('a')?.focus({ preventScroll: true });
    }
    const close = () => setOpen(false);
    const onPointerDown = (event: PointerEvent) => {
      if (!column.current?.contains(event.target as Node)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      focusHandleOnClose.current = true;
      close();
    };
    window.addEventListener('scroll', close, { passive: true });
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.removeEventListener('scroll', close);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const onHandle = (event: MouseEvent<HTMLButtonElement>) => {
    // The tab leaves the tab order once open, so focus moves on to the first button.
    focusListOnOpen.current = document.activeElement === event.currentTarget;
    if (Links) return setOpen(true);
    // The buttons' module the first time: the column slides out with them, not empty.
    void loadLinks().then((loaded) => {
      setLinks(() => loaded);
      setOpen(true);
    });
  };
  const state = open ? 'open' : 'tucked';

  return (
    <aside
      ref={column}
      className="service-column"
      data-testid="service-column"
      data-state={state}
      aria-label={t('service_column')}
    >
      {/* The tab at the edge while tucked; out of the way (and of the tab order) while open. */}
      <button
        ref={handle}
        type="button"
        className="service-column__handle"
        data-testid="service-column-handle"
        aria-label={t('service_column_show')}
        aria-controls={listId}
        aria-expanded={open}
        inert={open}
        onPointerDown={() => void loadLinks()}
        onClick={onHandle}
      >
        <ChevronRightIcon size={14} className="service-column__chev" />
        {unreadCount > 0 ? <span className="service-column__handle-dot" aria-hidden="true" /> : null}
      </button>
      {Links ? (
        <Links unreadCount={unreadCount} listId={listId} listRef={list} open={open} onChosen={() => setOpen(false)} />
      ) : null}
    </aside>
  );
}
