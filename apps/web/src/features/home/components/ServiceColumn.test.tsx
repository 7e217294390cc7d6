import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TSiteSettings } from '@palaro/contract';
import { StartupContext } from '../../../shared/startup/context';
import { settings, startup } from '../../../test/fixtures';
import { renderInRouter } from '../../../test/render';
import { ServiceColumn } from './ServiceColumn';

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
/**
 * A tap on the tab: the first loads the column's buttons, so it opens once they are there (the
 * test runner transforms that module on its first import, slow on a busy machine).
 */
async function openColumn() {
  fireEvent.click(handle());
  await waitFor(() => expect(column()).toHaveAttribute('data-state', 'open'), { timeout: 10_000 });
}
const scroll = () =>
  act(() => {
    fireEvent.scroll(window);
  });

describe('ServiceColumn', () => {
  it('rests as a tab at the edge, its buttons not loaded until the tab is first pressed', async () => {
    renderColumn(3);
    expect(column()).toHaveAttribute('data-state', 'tucked');
    expect(within(column()).queryByRole('list', { hidden: true })).toBeNull();
    expect(handle()).not.toHaveAttribute('inert');
    expect(handle()).toHaveAttribute('aria-expanded', 'false');
    expect(handle()).toHaveAccessibleName('Show quick help');

    await openColumn();
    fireEvent.keyDown(document, { key: 'Escape' });
    // Put away again: the buttons stay, out of reach.
    expect(column()).toHaveAttribute('data-state', 'tucked');
    expect(within(column()).getByRole('list', { hidden: true })).toHaveAttribute('inert');
  });

  it('slides out with its labelled buttons when the tab is tapped', async () => {
    renderColumn(3);
    await openColumn();
    expect(within(column()).getByRole('list')).not.toHaveAttribute('inert');
    expect(handle()).toHaveAttribute('inert');
    expect(handle()).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByTestId('service-inbox')).toHaveAttribute('aria-label', 'Inbox, 3 unread');
    expect(screen.getByTestId('service-inbox-badge')).toHaveTextContent('3');
    expect(screen.getByTestId('service-referral')).toHaveAttribute('aria-label', 'Invite friends');
    expect(screen.getByTestId('service-messaging')).toHaveAttribute('aria-label', 'Chat with us (opens in a new tab)');
    expect(screen.getByTestId('service-customer-service')).toHaveAttribute('aria-label', 'Customer service');
  });

  it('goes away again when the page scrolls, on a tap elsewhere, on Escape and once a button is used', async () => {
    renderColumn();
    await openColumn();
    scroll();
    expect(column()).toHaveAttribute('data-state', 'tucked');

    fireEvent.click(handle());
    fireEvent.pointerDown(screen.getByTestId('service-inbox'));
    expect(column()).toHaveAttribute('data-state', 'open');
    fireEvent.pointerDown(document.body);
    expect(column()).toHaveAttribute('data-state', 'tucked');

    fireEvent.click(handle());
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(column()).toHaveAttribute('data-state', 'tucked');
    expect(handle()).toHaveFocus();

    // A link opening another app (a new tab) leaves the page where it was: the column is away when the player returns.
    fireEvent.click(handle());
    fireEvent.click(screen.getByTestId('service-messaging'));
    expect(column()).toHaveAttribute('data-state', 'tucked');
  });

  it('moves the focus into the column when the tab is used from the keyboard', async () => {
    renderColumn();
    handle().focus();
    await openColumn();
    expect(screen.getByTestId('service-inbox')).toHaveFocus();
  });

  it('stops listening once put away or gone', async () => {
    const remove = vi.spyOn(window, 'removeEventListener');
    const { unmount } = renderColumn();
    await openColumn();
    unmount();
    expect(remove).toHaveBeenCalledWith('scroll', expect.any(Function));
  });

  it('shows the social link when configured and no badge without unread mail', async () => {
    renderColumn(0, {
      customerService: { ...settings().customerService, social: settings().customerService.messagingApp },
    });
    await openColumn();
    expect(screen.getByTestId('service-social')).toHaveAttribute('aria-label', 'Community (opens in a new tab)');
    expect(screen.queryByTestId('service-inbox-badge')).not.toBeInTheDocument();
    expect(screen.getByTestId('service-inbox')).toHaveAttribute('aria-label', 'Inbox');
  });
});
