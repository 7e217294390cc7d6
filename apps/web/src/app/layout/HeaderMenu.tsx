import { useId, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/language';
import { useNavigate } from '../../shared/router';
import { useQueryClient } from '../../shared/query/react';
import { WEB_ROUTES } from '@palaro/contract';
import { useSessionInfo } from '../../shared/session/session';
import { MenuIcon } from '../../shared/ui/frameIcons';
import { onDemand } from '../../shared/lib/onDemand';
import { useBalanceHidden } from '../../shared/wallet/hidden';
import { memberParts } from './useMemberParts';
import type { HeaderMenuPanel } from './HeaderMenuPanel';

// The open menu (its list and icons) is not part of the first paint, so it is its own chunk,
// asked for on the first sign the player is going for the button (the pointer over it, focus, the
// press that opens it) rather than on every page load: most pages never open it.
type Panel = typeof HeaderMenuPanel;
const panel = onDemand<Panel>(() => import('./HeaderMenuPanel').then((module) => module.HeaderMenuPanel));

/**
 * The header menu (spec §2): deposit, withdraw, refresh balance, hide/show balance (members),
 * sign out (members), help centre. Without a session deposit, withdraw and refresh lead to the
 * login page (spec §8).
 */
export function HeaderMenu() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [Panel, setPanel] = useState<Panel | null>(() => panel.loaded());
  const buttonRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const member = useSessionInfo() !== null;
  const close = () => setOpen(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [hidden, setHidden] = useBalanceHidden();

  const showPanel = () => {
    if (Panel) return;
    const loaded = panel.loaded();
    if (loaded) {
      setPanel(() => loaded); // loaded on an earlier sign: drawn in the same render as the press
      return;
    }
    panel.load().then(
      (fetched) => setPanel(() => fetched),
      (error: unknown) => console.error('header menu', error),
    );
  };

  const refresh = () => {
    close();
    if (!member) {
      void navigate(WEB_ROUTES.login);
      return;
    }
    memberParts.load().then(
      (parts) => parts.refreshWalletBalance(queryClient),
      (error: unknown) => console.error('refresh balance', error),
    );
  };

  return (
    <div className="header-menu">
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn icon-btn--ghost"
        data-testid="header-menu-button"
        aria-label={t('header_menu')}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open && Panel ? id : undefined}
        onPointerEnter={panel.preload}
        onFocus={panel.preload}
        onPointerDown={showPanel}
        onClick={() => {
          showPanel();
          setOpen((v) => !v);
        }}
      >
        <MenuIcon size={24} />
      </button>
      {open && Panel ? (
        <Panel
          id={id}
          member={member}
          hidden={hidden}
          returnFocus={buttonRef}
          onClose={close}
          onRefresh={refresh}
          onToggleHidden={() => setHidden(!hidden)}
        />
      ) : null}
    </div>
  );
}
