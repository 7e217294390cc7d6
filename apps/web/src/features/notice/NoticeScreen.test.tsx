import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS } from '@palaro/contract';
import { callsTo, mockApi, renderApp } from '../../test/render';
import { item, noticePage } from '../../test/fixtures';

describe('notice screen', () => {
  it('lists the notices with their date in the merchant time zone and expands the content', async () => {
    mockApi({
      notices: noticePage([
        item('n1', 'GCash maintenance', { publishedAt: '2025-06-10T17:30:00Z' }),
        item('n2', 'Play responsibly'),
      ]),
    });
    renderApp('/m/notice', { language: 'EN' });
    const list = await screen.findByTestId('notice-list');
    const items = within(list).getAllByTestId('notice-item');
    expect(items).toHaveLength(2);
    // 17:30 UTC on 10 June is 1:30 AM on 11 June in Manila.
    expect(items[0]).toHaveTextContent(/Jun 11, 2025/);
    expect(screen.getByTestId('page-title')).toHaveTextContent('Announcements');
    const toggle = within(items[0]!).getByRole('button');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(items[0]!).getByText('Content of GCash maintenance')).not.toBeVisible();
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(items[0]!).getByText('Content of GCash maintenance')).toBeVisible();
  });

  it('shows the empty state', async () => {
    mockApi({ notices: noticePage([]) });
    renderApp('/m/notice');
    expect(await screen.findByTestId('notice-empty')).toHaveTextContent('Walang anunsyo');
  });

  it('shows an error with retry', async () => {
    let fail = true;
    const fetchMock = mockApi({
      notices: () =>
        fail
          ? { status: 500, body: { success: false, errorCode: 'system.error', message: 'Unknown error' } }
          : noticePage([item('n1', 'Back again')]),
    });
    renderApp('/m/notice');
    const error = await screen.findByTestId('notice-error');
    fail = false;
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByText('Back again')).toBeInTheDocument();
    expect(callsTo(fetchMock, API_PATHS.notices)).toHaveLength(2);
  });

  it('loads the next page on demand', async () => {
    const fetchMock = mockApi({
      notices: () => {
        const pageNo = Number(new URL(String(fetchMock.mock.calls.at(-1)![0]), 'http://x').searchParams.get('pageNo'));
        return pageNo === 1 ? noticePage([item('a', 'First')], 1, 2) : noticePage([item('b', 'Second')], 2, 2);
      },
    });
    renderApp('/m/notice', { language: 'EN' });
    fireEvent.click(await screen.findByRole('button', { name: 'Show more' }));
    expect(await screen.findByText('Second')).toBeInTheDocument();
    expect(screen.getAllByTestId('notice-item')).toHaveLength(2);
    expect(screen.getByText('You have seen all announcements')).toBeInTheDocument();
  });
});
