import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_PATHS, INBOX_API_PATHS, type TInboxMessage, type TInboxPage, type TInboxSummary } from '@palaro/contract';
import { useFakeEventSource } from '../../test/eventSource';
import { callsTo, mockApi, renderApp, requestsTo } from '../../test/render';
import { memberInfo, signIn, startupResponse, whitelabel } from '../../test/fixtures';

const summary = (id: string, title: string, overrides: Partial<TInboxSummary> = {}): TInboxSummary => ({
  id,
  sender: 'system',
  title,
  preview: `About ${title}`,
  read: false,
  sentAt: '2026-12-07T10:00:00Z',
  ...overrides,
});
const page = (list: TInboxSummary[], hasMore = false): TInboxPage => ({ list, pageNo: 1, pageSize: 20, hasMore });

/** Home's service column, opened: its buttons load on the first tap of its tab. */
async function openServiceColumn() {
  fireEvent.click(await screen.findByTestId('service-column-handle'));
  await screen.findByTestId('service-inbox');
}

describe('inbox screen', () => {
  it('lists the messages with an unread dot and the unread count, and marks all read', async () => {
    signIn();
    let unread = 1;
    const fetchMock = mockApi({
      routes: {
        [INBOX_API_PATHS.inboxMessages]: () =>
          page([summary('2', 'Deposit credited', { read: unread === 0 }), summary('1', 'Welcome', { read: true })]),
        [INBOX_API_PATHS.inboxUnread]: () => unread,
        [`POST ${INBOX_API_PATHS.inboxReadAll}`]: () => {
          unread = 0;
          return 1;
        },
      },
    });
    renderApp('/m/webEmail', { language: 'EN' });
    const rows = await screen.findAllByTestId('inbox-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByTestId('inbox-unread-dot')).toHaveTextContent('Unread');
    expect(within(rows[1]!).queryByTestId('inbox-unread-dot')).toBeNull();
    expect(rows[0]).toHaveAttribute('href', '/m/message?id=2');
    expect(await screen.findByTestId('inbox-unread-count')).toHaveTextContent('1 unread');

    fireEvent.click(screen.getByTestId('inbox-read-all'));
    expect(await screen.findByText('All messages marked as read')).toBeInTheDocument();
    expect(requestsTo(fetchMock, INBOX_API_PATHS.inboxReadAll)).toHaveLength(1);
    expect(await screen.findByText('All read')).toBeInTheDocument();
    expect(screen.queryByTestId('inbox-unread-dot')).toBeNull();
  });

  it('shows the empty state in Tagalog', async () => {
    signIn();
    mockApi({ routes: { [INBOX_API_PATHS.inboxMessages]: page([]), [INBOX_API_PATHS.inboxUnread]: 0 } });
    renderApp('/m/message');
    expect(await screen.findByTestId('inbox-empty')).toHaveTextContent('Wala pang mensahe');
  });

  it('opens a message as safe rich text and deletes it', async () => {
    signIn();
    const message: TInboxMessage = {
      id: '7',
      sender: 'operator',
      title: 'Promo week',
      bodyHtml: '<p>Play <strong>now</strong></p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
      sentAt: '2026-12-07T10:00:00Z',
    };
    const fetchMock = mockApi({
      routes: {
        [`GET ${INBOX_API_PATHS.inboxMessage.replace(':id', '7')}`]: message,
        [`DELETE ${INBOX_API_PATHS.inboxMessage.replace(':id', '7')}`]: null,
        [INBOX_API_PATHS.inboxMessages]: page([]),
        [INBOX_API_PATHS.inboxUnread]: 0,
      },
    });
    const { router, container } = renderApp('/m/message?id=7', { language: 'EN' });
    const article = await screen.findByTestId('inbox-message');
    expect(within(article).getByRole('heading', { name: 'Promo week' })).toBeInTheDocument();
    expect(within(article).getByText('now').tagName).toBe('STRONG');
    expect(container.innerHTML).not.toContain('onerror');
    expect(container.querySelector('script')).toBeNull();

    fireEvent.click(screen.getByTestId('inbox-delete'));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByTestId('inbox-empty')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/m/webEmail');
    expect(
      requestsTo(fetchMock, INBOX_API_PATHS.inboxMessage.replace(':id', '7')).map((call) => call.method),
    ).toContain('DELETE');
  });

  it('says so when the message is not there any more', async () => {
    signIn();
    mockApi({
      routes: {
        [INBOX_API_PATHS.inboxMessage.replace(':id', '9')]: {
          status: 404,
          body: { success: false, errorCode: 'inbox.message.not.found', message: 'No such message' },
        },
        [INBOX_API_PATHS.inboxUnread]: 0,
      },
    });
    renderApp('/m/message?id=9', { language: 'EN' });
    expect(await screen.findByTestId('inbox-message-error')).toHaveTextContent(
      'This message is no longer in your inbox',
    );
  });

  it('shows the member’s real unread count on home’s service column, not the public announcements’ 0', async () => {
    signIn();
    mockApi({ routes: { [INBOX_API_PATHS.inboxUnread]: 3 } });
    renderApp('/m/home', { language: 'EN' });
    await openServiceColumn();
    expect(await screen.findByTestId('service-inbox-badge')).toHaveTextContent('3');
  });

  it('shows it on the member centre’s mail entry', async () => {
    signIn({}, {});
    mockApi({
      startup: startupResponse({}, { whitelabel: whitelabel({ MAILCEN: true }) }),
      routes: { [INBOX_API_PATHS.inboxUnread]: 12, [API_PATHS.memberInfo]: memberInfo() },
    });
    renderApp('/m/mine', { language: 'EN' });
    const mail = await screen.findByTestId('mine-entry-mail');
    expect(await within(mail).findByTestId('unread-badge')).toHaveTextContent('12');
    expect(within(mail).getByTestId('unread-badge')).toHaveTextContent('Inbox, 12 unread');
  });

  it('shows no badge to a visitor and asks nothing of the server', async () => {
    const fetchMock = mockApi();
    renderApp('/m/home', { language: 'EN' });
    await openServiceColumn();
    expect(screen.queryByTestId('service-inbox-badge')).toBeNull();
    expect(requestsTo(fetchMock, INBOX_API_PATHS.inboxUnread)).toHaveLength(0);
  });

  it('follows the count the event stream pushes, with no new request', async () => {
    const Source = useFakeEventSource();
    signIn();
    const fetchMock = mockApi({ routes: { [INBOX_API_PATHS.inboxUnread]: 0 } });
    renderApp('/m/home', { language: 'EN' });
    await openServiceColumn();
    expect(screen.queryByTestId('service-inbox-badge')).toBeNull();
    act(() => Source.instances[0]!.emit('inbox', { unread: 2 }));
    expect(await screen.findByTestId('service-inbox-badge')).toHaveTextContent('2');
    act(() => Source.instances[0]!.emit('inbox', { unread: 'many' }));
    act(() => Source.instances[0]!.emit('inbox', { unread: 0 }));
    await expect.poll(() => screen.queryByTestId('service-inbox-badge')).toBeNull();
    expect(callsTo(fetchMock, INBOX_API_PATHS.inboxUnread).length).toBeLessThanOrEqual(1);
  });
});
