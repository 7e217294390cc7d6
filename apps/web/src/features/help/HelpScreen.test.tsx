import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CONTENT_API_PATHS, type THelpCentre } from '@palaro/contract';
import { callsTo, mockApi, renderApp } from '../../test/render';
import { tabIndexOf } from './lib/helpTabs';

const centre: THelpCentre = {
  categories: [
    {
      id: '1',
      title: 'Deposits',
      items: [
        { id: '11', title: 'How to deposit', content: '<p>Tap <strong>Deposit</strong>.</p>' },
        { id: '12', title: 'My deposit has not arrived', content: '<p>Wait a few minutes.</p>' },
      ],
    },
    {
      id: '2',
      title: 'Withdrawals',
      items: [
        {
          id: '21',
          title: 'How to withdraw',
          content:
            '<p onclick="steal()">Open <a href="/m/withdraw">Withdraw</a> or <a href="javascript:alert(1)">this</a>.</p><script>alert(1)</script><img src=x onerror="alert(1)">',
        },
      ],
    },
  ],
};

describe('help centre', () => {
  it('opens on the tab the query names and lists its articles', async () => {
    const fetchMock = mockApi({ routes: { [CONTENT_API_PATHS.help]: centre } });
    renderApp('/m/help?i=1', { language: 'EN' });
    const list = await screen.findByTestId('help-list');
    expect(
      within(list)
        .getAllByTestId('help-item')
        .map((item) => item.textContent),
    ).toEqual(['How to withdraw']);
    const tabs = screen.getAllByTestId('help-tab');
    expect(tabs[1]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('screen-title')).toHaveTextContent('Help centre');
    const url = callsTo(fetchMock, CONTENT_API_PATHS.help)[0]!;
    expect(Object.fromEntries(url.searchParams)).toEqual({ module: 'COMM3', device: 'MOBILE', lang: 'EN' });

    fireEvent.click(tabs[0]!);
    expect(await screen.findByText('My deposit has not arrived')).toBeInTheDocument();
    expect(screen.getAllByTestId('help-tab')[0]).toHaveAttribute('aria-selected', 'true');
  });

  it('takes tab 0 when the query has none, a word or one past the end', () => {
    expect(tabIndexOf(null, 3)).toBe(0);
    expect(tabIndexOf('abc', 3)).toBe(0);
    expect(tabIndexOf('3', 3)).toBe(0);
    expect(tabIndexOf('-1', 3)).toBe(0);
    expect(tabIndexOf('2', 3)).toBe(2);
  });

  it('shows an article as rich text of our own elements: no script, no handler, no javascript: link', async () => {
    mockApi({ routes: { [CONTENT_API_PATHS.help]: centre } });
    renderApp('/m/helpDetail?i=1&id=21', { language: 'EN' });
    const body = await screen.findByTestId('help-detail-body');
    expect(screen.getByTestId('help-detail-title')).toHaveTextContent('How to withdraw');
    expect(within(body).getByRole('link', { name: 'Withdraw' })).toHaveAttribute('href', '/m/withdraw');
    expect(within(body).queryByRole('link', { name: 'this' })).toBeNull();
    expect(body.querySelector('script, img, [onclick]')).toBeNull();
    expect(body.innerHTML).not.toContain('javascript:');
  });

  it('says when an article is gone, and shows the empty state in Tagalog', async () => {
    mockApi({ routes: { [CONTENT_API_PATHS.help]: centre } });
    const first = renderApp('/m/helpDetail?i=0&id=999', { language: 'EN' });
    expect(await screen.findByTestId('help-missing')).toHaveTextContent('This article is no longer here');
    first.unmount();

    mockApi({ routes: { [CONTENT_API_PATHS.help]: { categories: [] } } });
    renderApp('/m/help');
    expect(await screen.findByTestId('help-empty')).toHaveTextContent('Wala pang artikulo ng tulong');
  });
});
