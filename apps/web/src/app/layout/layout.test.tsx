import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MEMBER_TYPES, SWIPE_BACK_MIN_DRAG_PX, WEB_ROUTES } from '@palaro/contract';
import { renderApp, mockApi } from '../../test/render';
import { signIn, startupResponse, whitelabel } from '../../test/fixtures';
import { backTarget } from '../../shared/ui/BackButton';
import { isSwipeBack } from './useSwipeBack';

describe('header', () => {
  it('shows the merchant logo on home and no back arrow', async () => {
    mockApi();
    renderApp('/m/home');
    const header = await screen.findByTestId('app-header');
    expect(within(header).getByTestId('header-logo')).toHaveAttribute('src', '/media/brand/logo.svg');
    expect(within(header).queryByTestId('header-back')).not.toBeInTheDocument();
    expect(within(header).getByTestId('header-login')).toHaveAttribute('href', '/m/login');
    expect(within(header).getByTestId('language-toggle')).toHaveTextContent('TY');
  });

  it.each(['/', '/m', '/m/', '/m/index', '/m/index.html'])('treats %s as home', async (path) => {
    mockApi();
    renderApp(path);
    expect(await screen.findByTestId('header-logo')).toBeInTheDocument();
    expect(await screen.findByTestId('banner-carousel')).toBeInTheDocument();
  });

  it('offers the language on every screen, and switching keeps the player there', async () => {
    mockApi();
    const { router } = renderApp('/m/member/notice');
    const header = await screen.findByTestId('app-header');
    fireEvent.click(within(header).getByTestId('language-toggle'));
    fireEvent.click(await screen.findByTestId('language-option-EN'));
    await waitFor(() => expect(within(header).getByTestId('page-title')).toHaveTextContent('Agent announcements'));
    expect(router.state.location.pathname).toBe('/m/member/notice');
  });

  it('marks a trial member’s balance as play money, in both languages', async () => {
    mockApi();
    signIn({ type: MEMBER_TYPES.trial });
    const { unmount } = renderApp('/m/home');
    expect(await screen.findByTestId('play-money-badge')).toHaveTextContent('Pang-demo');
    unmount();
    renderApp('/m/home', { language: 'EN' });
    expect(await screen.findByTestId('play-money-badge')).toHaveTextContent('Demo');
  });

  it('shows no play-money badge for a real member', async () => {
    mockApi();
    signIn();
    renderApp('/m/home');
    expect(await screen.findByTestId('header-balance')).toBeInTheDocument();
    expect(screen.queryByTestId('play-money-badge')).toBeNull();
  });

  it('shows a back arrow and the route title elsewhere', async () => {
    mockApi();
    renderApp('/m/member/notice');
    const header = await screen.findByTestId('app-header');
    expect(within(header).getByTestId('header-back')).toBeInTheDocument();
    expect(within(header).queryByTestId('header-logo')).not.toBeInTheDocument();
    expect(within(header).getByTestId('page-title')).toHaveTextContent('Mga anunsyo para sa agent');
    expect(await screen.findByTestId('unavailable-screen')).toHaveTextContent('Hindi pa available');
  });

  it('shows the register button only when DIRECTREG3 is on', async () => {
    mockApi({ startup: startupResponse({}, { whitelabel: whitelabel({ DIRECTREG3: false }) }) });
    const first = renderApp('/m/home');
    await screen.findByTestId('header-logo');
    expect(screen.queryByTestId('header-register')).not.toBeInTheDocument();
    first.unmount();

    mockApi({ startup: startupResponse({}, { whitelabel: whitelabel({ DIRECTREG3: true }) }) });
    renderApp('/m/home');
    expect(await screen.findByTestId('header-register')).toHaveAttribute('href', '/m/register');
  });

  it.each([
    ['/m/login', 'login-screen'],
    ['/m/register', 'register-screen'],
    ['/register.html', 'register-screen'],
    ['/m/mine', 'mine-screen'],
    ['/m/member/home', 'mine-screen'],
    ['/m/agent', 'unavailable-screen'],
    ['/m/help', 'help-screen'],
  ])('has no header on %s', async (path, screenId) => {
    mockApi();
    renderApp(path);
    expect(await screen.findByTestId(screenId)).toBeInTheDocument();
    expect(screen.queryByTestId('app-header')).not.toBeInTheDocument();
  });

  it('menu sends a guest to login for deposit and withdraw, and to the help centre', async () => {
    mockApi();
    renderApp('/m/home');
    fireEvent.click(await screen.findByTestId('header-menu-button'));
    const menu = await screen.findByTestId('header-menu');
    expect(within(menu).getByTestId('header-menu-deposit')).toHaveAttribute('href', '/m/login');
    expect(within(menu).getByTestId('header-menu-withdraw')).toHaveAttribute('href', '/m/login');
    expect(within(menu).getByTestId('header-menu-help')).toHaveAttribute('href', '/m/help');
  });
});

describe('bottom menu', () => {
  it('is shown on /m/home with home active and the decrypted Telegram link', async () => {
    mockApi();
    renderApp('/m/home');
    const menu = await screen.findByTestId('bottom-menu');
    expect(within(menu).getByTestId('bottom-menu-home')).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByTestId('bottom-menu-deposit')).toHaveAttribute('href', '/m/voucherCenter');
    expect(within(menu).getByTestId('bottom-menu-mine')).toHaveAttribute('href', '/m/mine');
    const telegram = within(menu).getByTestId('bottom-menu-telegram');
    expect(telegram).toHaveAttribute('href', 'https://t.me/PalaroSupportPH');
    expect(telegram).toHaveAttribute('target', '_blank');
  });

  it.each(['/m/login', '/m/notice', '/m/member/notice', '/m/forget', '/m/agent/team/overview'])(
    'is hidden on %s',
    async (path) => {
      mockApi();
      renderApp(path);
      const screens: Record<string, string> = {
        [WEB_ROUTES.notice]: 'notice-empty',
        [WEB_ROUTES.login]: 'login-screen',
        [WEB_ROUTES.forget]: 'forget-screen',
      };
      await screen.findByTestId(screens[path] ?? 'unavailable-screen');
      expect(screen.queryByTestId('bottom-menu')).not.toBeInTheDocument();
    },
  );

  it('marks the member centre active on its alias /m/member/home… and deposit on /m/voucherCenter', async () => {
    mockApi();
    signIn();
    renderApp('/m/voucherCenter');
    const menu = await screen.findByTestId('bottom-menu');
    expect(within(menu).getByTestId('bottom-menu-deposit')).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByTestId('bottom-menu-home')).not.toHaveAttribute('aria-current');
  });
});

describe('members-only screens', () => {
  it('send a guest on before drawing their frame, so no header or menu appears and moves away', async () => {
    mockApi();
    const drawn = new Set<string>();
    const observer = new MutationObserver(() => {
      for (const testId of ['app-header', 'bottom-menu'])
        if (document.querySelector(`[data-testid="${testId}"]`)) drawn.add(testId);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const { router } = renderApp('/m/voucherCenter');
    expect(await screen.findByTestId('screen-title')).toBeInTheDocument();
    observer.disconnect();
    expect(router.state.location.pathname).toBe(WEB_ROUTES.login);
    expect([...drawn]).toEqual([]);
  });
});

describe('back rules', () => {
  it('the generic back target: a given path, else home with one history entry, else one step back', () => {
    expect(backTarget('/m/set', 5)).toBe('/m/set');
    expect(backTarget(undefined, 1)).toBe('/m/home');
    expect(backTarget(undefined, 0)).toBe('/m/home');
    expect(backTarget(undefined, 2, null)).toBe(-1);
    expect(backTarget(undefined, 2, 1)).toBe(-1);
    // Opened on this page in a tab that had another page before: back would leave the app.
    expect(backTarget(undefined, 2, 0)).toBe('/m/home');
  });

  it('goes one step back on a page whose back is not home', async () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(3);
    mockApi();
    signIn();
    renderApp(['/m/withdraw', '/m/member/notice']);
    fireEvent.click(await screen.findByTestId('header-back'));
    expect(await screen.findByTestId('page-title')).toHaveTextContent('Withdraw');
  });

  it('goes home from the notice page even with a previous page', async () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(3);
    mockApi();
    const { router } = renderApp(['/m/withdraw', '/m/notice']);
    fireEvent.click(await screen.findByTestId('header-back'));
    expect(await screen.findByTestId('header-logo')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/m/home');
  });

  it('goes home when there is no previous entry', async () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    mockApi();
    const { router } = renderApp(['/m/member/notice']);
    fireEvent.click(await screen.findByTestId('header-back'));
    await screen.findByTestId('header-logo');
    expect(router.state.location.pathname).toBe('/m/home');
  });

  it('a swipe is a drag right over 100 px, or one that starts at the left edge', () => {
    expect(isSwipeBack(150, 300, 150 + SWIPE_BACK_MIN_DRAG_PX + 1, 310)).toBe(true);
    expect(isSwipeBack(150, 300, 150 + SWIPE_BACK_MIN_DRAG_PX - 10, 300)).toBe(false);
    expect(isSwipeBack(4, 300, 60, 305)).toBe(true);
    expect(isSwipeBack(150, 300, 40, 300)).toBe(false);
    expect(isSwipeBack(100, 100, 220, 400)).toBe(false);
  });

  it('a swipe back navigates back and the page it brings does not fade in', async () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(3);
    mockApi();
    // Back to a page a guest may stay on: withdraw would send a guest on to sign-in, sooner or later
    // depending on how fast its screen loads.
    const { router, container } = renderApp(['/m/home', '/m/notice']);
    await screen.findByTestId('header-back');
    // The page the app opens on is shown at once; the next one fades in.
    expect(container.querySelector('.page-frame')).toHaveAttribute('data-transition', 'none');
    await act(() => router.navigate('/m/member/notice'));
    await screen.findByTestId('unavailable-screen');
    expect(container.querySelector('.page-frame')).toHaveAttribute('data-transition', 'fade');
    const page = container.querySelector('main.app-page')!;
    fireEvent.touchStart(page, { touches: [{ clientX: 40, clientY: 400 }] });
    fireEvent.touchEnd(page, { changedTouches: [{ clientX: 200, clientY: 410 }] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/notice'));
    expect(container.querySelector('.page-frame')).toHaveAttribute('data-transition', 'none');
  });
});

describe('routes', () => {
  it('shows the not-found screen for an unknown path', async () => {
    mockApi();
    renderApp('/m/does-not-exist');
    expect(await screen.findByTestId('not-found-screen')).toBeInTheDocument();
  });
});
