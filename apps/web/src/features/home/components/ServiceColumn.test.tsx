import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TSiteSettings } from '@palaro/contract';
import { StartupContext } from '../../../app/startup/context';
import { settings, startup } from '../../../test/fixtures';
import { renderInRouter } from '../../../test/render';
import { ServiceColumn } from './ServiceColumn';
import { TUCK_REST_MS } from './useTuckOnScroll';

function renderColumn(unreadCount = 2, overrides: Partial<TSiteSettings> = {}) {
  return renderInRouter(
    <StartupContext.Provider value={{ startup: startup(), settings: settings(overrides) }}>
      <ServiceColumn unreadCount={unreadCount} />
    </StartupContext.Provider>,
    '/m/home',
    'EN',
  );
}

const column = () => screen.getByTestId('service-column');
const handle = () => screen.getByTestId('service-column-handle');
const scroll = () => act(() => { fireEvent.scroll(window); });
const wait = (ms: number) => act(() => { vi.advanceTimersByTime(ms); });

describe('ServiceColumn', () => {
  it('is open at rest with its labelled buttons, and the tab out of the way', () => {
    renderColumn(3);
    expect(column()).toHaveAttribute('data-state', 'open');
    const list = within(column()).getByRole('list');
    expect(list).not.toHaveAttribute('inert');
    expect(handle()).toHaveAttribute('inert');
    expect(handle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('service-inbox')).toHaveAttribute('aria-label', 'Inbox, 3 unread');
    expect(screen.getByTestId('service-inbox-badge')).toHaveTextContent('3');
    expect(screen.getByTestId('service-referral')).toHaveAttribute('aria-label', 'Invite friends');
    expect(screen.getByTestId('service-messaging')).toHaveAttribute('aria-label', 'Chat with us (opens in a new tab)');
    expect(screen.getByTestId('service-customer-service')).toHaveAttribute('aria-label', 'Customer service');
  });

  it('tucks while the page scrolls and comes back once it has been still for a second', () => {
    vi.useFakeTimers();
    renderColumn();
    scroll();
    expect(column()).toHaveAttribute('data-state', 'tucked');
    expect(within(column()).getByRole('list', { hidden: true })).toHaveAttribute('inert');
    expect(handle()).not.toHaveAttribute('inert');
    expect(handle()).toHaveAttribute('aria-expanded', 'false');

    // Every scroll event restarts the wait.
    wait(TUCK_REST_MS - 200);
    scroll();
    wait(TUCK_REST_MS - 200);
    expect(column()).toHaveAttribute('data-state', 'tucked');
    scroll();
    wait(TUCK_REST_MS - 1);
    expect(column()).toHaveAttribute('data-state', 'tucked');
    wait(1);
    expect(column()).toHaveAttribute('data-state', 'open');
    expect(within(column()).getByRole('list')).not.toHaveAttribute('inert');
  });

  it('comes back at once when the tab is tapped, and tucks again on the next scroll', () => {
    vi.useFakeTimers();
    renderColumn();
    scroll();
    wait(300);
    fireEvent.click(handle());
    expect(column()).toHaveAttribute('data-state', 'open');
    // The pending return does nothing odd later.
    wait(TUCK_REST_MS * 2);
    expect(column()).toHaveAttribute('data-state', 'open');
    scroll();
    expect(column()).toHaveAttribute('data-state', 'tucked');
    wait(TUCK_REST_MS);
    expect(column()).toHaveAttribute('data-state', 'open');
  });

  it('stops listening to scrolling once gone', () => {
    vi.useFakeTimers();
    const remove = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderColumn();
    scroll();
    unmount();
    expect(remove).toHaveBeenCalledWith('scroll', expect.any(Function));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('shows the social link when configured and no badge without unread mail', () => {
    renderColumn(0, { customerService: { ...settings().customerService, social: settings().customerService.messagingApp } });
    expect(screen.getByTestId('service-social')).toHaveAttribute('aria-label', 'Community (opens in a new tab)');
    expect(screen.queryByTestId('service-inbox-badge')).not.toBeInTheDocument();
    expect(screen.getByTestId('service-inbox')).toHaveAttribute('aria-label', 'Inbox');
  });
});
