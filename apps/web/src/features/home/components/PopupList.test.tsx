import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS, TIMING_MS } from '@palaro/contract';
import { PopupList } from './PopupList';
import { item } from '../../../test/fixtures';
import { renderInRouter } from '../../../test/render';

const popups = [item('p1', 'Welcome bonus'), item('p2', 'Daily lotto')];

describe('PopupList', () => {
  it('shows the pop-ups one after another and remembers them for the browser session', () => {
    const first = renderInRouter(<PopupList popups={popups} />);
    expect(screen.getByTestId('popup-dialog')).toHaveTextContent('Welcome bonus');
    fireEvent.click(screen.getByTestId('popup-close'));
    expect(screen.getByTestId('popup-dialog')).toHaveTextContent('Daily lotto');
    fireEvent.click(screen.getByTestId('popup-close'));
    expect(screen.queryByTestId('popup-dialog')).not.toBeInTheDocument();
    expect(JSON.parse(window.sessionStorage.getItem(STORAGE_KEYS.seenPopups) ?? '[]')).toEqual(['p1', 'p2']);
    first.unmount();

    renderInRouter(<PopupList popups={popups} />);
    expect(screen.queryByTestId('popup-dialog')).not.toBeInTheDocument();
  });

  it('ignores a tap on the mask within 300 ms of opening, then closes on it', () => {
    let now = 1000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    renderInRouter(<PopupList popups={[popups[0]!]} />);
    now += TIMING_MS.dialogMaskGuard - 1;
    fireEvent.click(screen.getByTestId('popup-mask'));
    expect(screen.getByTestId('popup-dialog')).toBeInTheDocument();
    now += 2;
    fireEvent.click(screen.getByTestId('popup-mask'));
    expect(screen.queryByTestId('popup-dialog')).not.toBeInTheDocument();
  });

  it('keeps a pop-up away on this device after "don\'t show again", the others only for the session', () => {
    const first = renderInRouter(<PopupList popups={popups} />);
    fireEvent.click(screen.getByTestId('popup-dont-show'));
    fireEvent.click(screen.getByTestId('popup-close'));
    // The next one starts unticked.
    expect(screen.getByTestId('popup-dont-show')).not.toBeChecked();
    fireEvent.click(screen.getByTestId('popup-close'));
    first.unmount();
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.hiddenPopups) ?? '[]')).toEqual(['p1']);

    // A new browser session: the session's memory is gone, the device's is not.
    window.sessionStorage.clear();
    renderInRouter(<PopupList popups={popups} />);
    expect(screen.getByTestId('popup-dialog')).toHaveTextContent('Daily lotto');
    fireEvent.click(screen.getByTestId('popup-close'));
    expect(screen.queryByTestId('popup-dialog')).not.toBeInTheDocument();
  });
});
