import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS, STORAGE_KEYS } from '@palaro/contract';
import { mockApi, renderApp, requestsTo } from '../../test/render';
import { loginResult, memberInfo, signIn, startupResponse, whitelabel } from '../../test/fixtures';

// The body is sent as given (the encryption itself is tested in shared/api/encrypted.test.ts).
vi.mock('../../shared/api/encrypted', async () => {
  const client = await import('../../shared/api/client');
  return {
    apiEncrypted: (method: 'POST' | 'PUT', path: string, payload: unknown, options: object = {}) =>
      client.apiRequest(method, path, { ...options, json: payload }),
  };
});

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

const SENT = {
  expiredMinutes: 5,
  resendAfterSeconds: 60,
  channel: 'sms',
  destination: '+63 9•••••4567',
  emailFallbackAvailable: false,
};
const failure = (errorCode: string) => ({ status: 400, body: { success: false, errorCode, message: 'x' } });

describe('forgot password', () => {
  it('e-mail only without CHNGPASSVERIF3', async () => {
    mockApi();
    renderApp('/m/forget', { language: 'EN' });
    expect(await screen.findByTestId('forget-email-form')).toBeInTheDocument();
    expect(screen.queryByTestId('forget-tab-mobile')).not.toBeInTheDocument();
  });

  it('with CHNGPASSVERIF3 starts on mobile: code disabled until sent, submit disabled until touched and valid', async () => {
    mockApi({
      startup: startupResponse({}, { whitelabel: whitelabel({ CHNGPASSVERIF3: true }) }),
      routes: { [`POST ${API_PATHS.sendCode}`]: SENT },
    });
    renderApp('/m/forget', { language: 'EN' });
    expect(await screen.findByTestId('forget-tab-mobile')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('forget-code')).toBeDisabled();
    expect(screen.getByTestId('forget-submit')).toBeDisabled();
    type('forget-mobile', '9171234567');
    fireEvent.click(screen.getByTestId('forget-send-code'));
    await waitFor(() => expect(screen.getByTestId('forget-code')).toBeEnabled());
    type('forget-code', '123456');
    expect(screen.getByTestId('forget-submit')).toBeDisabled();
    type('forget-new-password', 'NewSecret1');
    expect(screen.getByTestId('forget-submit')).toBeEnabled();
  });

  it.each([
    ['modify.new.old.same', 'forget-new-password', 'forget-code'],
    ['auth.code.invalid', 'forget-code', 'forget-new-password'],
    ['rate.limited', 'forget-code', 'forget-new-password'],
  ])('error %s clears %s and keeps %s', async (code, cleared, kept) => {
    mockApi({
      startup: startupResponse({}, { whitelabel: whitelabel({ CHNGPASSVERIF3: true }) }),
      routes: { [`POST ${API_PATHS.sendCode}`]: SENT, [`POST ${API_PATHS.resetByPhone}`]: failure(code) },
    });
    renderApp('/m/forget', { language: 'EN' });
    type(await screen.findByTestId('forget-mobile').then(() => 'forget-mobile'), '9171234567');
    fireEvent.click(screen.getByTestId('forget-send-code'));
    await waitFor(() => expect(screen.getByTestId('forget-code')).toBeEnabled());
    type('forget-code', '123456');
    type('forget-new-password', 'NewSecret1');
    fireEvent.click(screen.getByTestId('forget-submit'));
    await waitFor(() => expect(screen.getByTestId(cleared)).toHaveValue(''));
    expect(screen.getByTestId(kept)).not.toHaveValue('');
  });

  async function resetByPhoneWith(loginAnswer: unknown) {
    const fetchMock = mockApi({
      startup: startupResponse({}, { whitelabel: whitelabel({ CHNGPASSVERIF3: true }) }),
      routes: {
        [`POST ${API_PATHS.sendCode}`]: SENT,
        [`POST ${API_PATHS.resetByPhone}`]: null,
        [`POST ${API_PATHS.login}`]: loginAnswer,
      },
    });
    const app = renderApp('/m/forget', { language: 'EN' });
    type(await screen.findByTestId('forget-mobile').then(() => 'forget-mobile'), '9171234567');
    fireEvent.click(screen.getByTestId('forget-send-code'));
    await waitFor(() => expect(screen.getByTestId('forget-code')).toBeEnabled());
    type('forget-code', '123456');
    type('forget-new-password', 'NewSecret1');
    fireEvent.click(screen.getByTestId('forget-submit'));
    return { fetchMock, ...app };
  }

  it('set password by phone then signs in with the mobile number and the new password, and goes home (spec §7)', async () => {
    const { fetchMock, router } = await resetByPhoneWith(loginResult({ userName: '9171234567' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(await screen.findByText('Password changed. You are now logged in.')).toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.resetByPhone)[0]!.body).toEqual({
      mobileNum: '9171234567',
      countryDialingCode: '+63',
      verificationCode: '123456',
      newPassword: 'NewSecret1',
    });
    const logins = requestsTo(fetchMock, API_PATHS.login);
    expect(logins).toHaveLength(1);
    expect(logins[0]!.body).toEqual({
      side: 'member',
      type: 'username',
      username: '9171234567',
      password: 'NewSecret1',
      countryDialingCode: '+63',
    });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.session)!).userName).toBe('9171234567');
    // No remember-me was chosen on this sign-in.
    expect(window.localStorage.getItem(STORAGE_KEYS.autoLogin)).toBe('0');
  });

  it('set password by phone: when that sign-in fails, the login screen opens with the number filled in', async () => {
    const refused = {
      status: 401,
      body: { success: false, errorCode: 'auth.credentials.invalid', message: 'x', value: { captcha: true } },
    };
    const { fetchMock, router } = await resetByPhoneWith(refused);
    expect(await screen.findByText('Password changed. Please log in.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'), { timeout: 2000 });
    expect(router.state.location.search).toBe('?mobile=9171234567');
    expect(await screen.findByTestId('login-username')).toHaveValue('9171234567');
    expect(requestsTo(fetchMock, API_PATHS.login)).toHaveLength(1);
    expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull();
    // The failed sign-in after a successful reset shows no error.
    expect(screen.queryByText('User does not exist or is disabled')).not.toBeInTheDocument();
  });

  it('e-mail form: pattern message, then "please wait", success for 1 s and back', async () => {
    const fetchMock = mockApi({ routes: { [`POST ${API_PATHS.forgotByEmail}`]: null } });
    const { router } = renderApp(['/m/home', '/m/forget'], { language: 'EN' });
    await screen.findByTestId('forget-email-form');
    type('forget-username', 'juan2024');
    type('forget-email', 'juan@gmail');
    fireEvent.click(screen.getByTestId('forget-email-submit'));
    expect(await screen.findByTestId('field-error-email')).toHaveTextContent('E-mail format incorrect');
    type('forget-email', 'juan@gmail.com');
    fireEvent.click(screen.getByTestId('forget-email-submit'));
    expect(await screen.findByText('A reset link has been sent to your e-mail')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'), { timeout: 2000 });
    const [call] = requestsTo(fetchMock, API_PATHS.forgotByEmail);
    expect(call!.headers['Content-Type']).toBe('application/x-www-form-urlencoded');
    expect(call!.body).toBe('username=juan2024&email=juan%40gmail.com');
  });

  it('the reset link shows the set-new-password form', async () => {
    const fetchMock = mockApi({
      routes: { [`POST ${API_PATHS.resetLinkCheck}`]: { valid: true }, [`POST ${API_PATHS.resetByEmail}`]: null },
    });
    const { router } = renderApp('/m/forget?resetToken=abc123', { language: 'EN' });
    await screen.findByTestId('reset-link-form');
    expect(requestsTo(fetchMock, API_PATHS.resetLinkCheck)).toEqual([
      expect.objectContaining({ method: 'POST', body: { token: 'abc123' } }),
    ]);
    type('reset-new-password', 'NewSecret1');
    type('reset-confirm-password', 'NewSecret1');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'), { timeout: 2000 });
    expect(requestsTo(fetchMock, API_PATHS.resetByEmail)[0]!.body).toEqual({
      token: 'abc123',
      newPassword: 'NewSecret1',
    });
  });
});

describe('reset link check', () => {
  function pending() {
    let answer: (value: unknown) => void = () => undefined;
    const promise = new Promise((resolve) => {
      answer = resolve;
    });
    return { route: () => promise as Promise<never>, answer: (value: unknown) => answer(value) };
  }

  it('a skeleton while the link is checked, no form before the answer', async () => {
    const check = pending();
    mockApi({ routes: { [`POST ${API_PATHS.resetLinkCheck}`]: check.route } });
    renderApp('/m/forget?resetToken=abc123', { language: 'EN' });
    const checking = await screen.findByTestId('reset-link-checking');
    expect(checking).toHaveAttribute('aria-busy', 'true');
    expect(checking).toHaveTextContent('Checking your reset link…');
    expect(screen.queryByTestId('reset-link-form')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reset-link-invalid')).not.toBeInTheDocument();
    check.answer({ valid: true });
    expect(await screen.findByTestId('reset-link-form')).toBeInTheDocument();
    expect(screen.queryByTestId('reset-link-checking')).not.toBeInTheDocument();
  });

  it('a used or expired link: the invalid-link state instead of the form; "request a new link" opens the e-mail form', async () => {
    const fetchMock = mockApi({ routes: { [`POST ${API_PATHS.resetLinkCheck}`]: { valid: false } } });
    const { router } = renderApp('/m/forget?resetToken=spent1', { language: 'EN' });
    const state = await screen.findByTestId('reset-link-invalid');
    expect(state).toHaveRole('alert');
    expect(state).toHaveTextContent('This reset link is invalid or has expired');
    expect(screen.queryByTestId('reset-link-form')).not.toBeInTheDocument();
    expect(screen.queryByTestId('reset-new-password')).not.toBeInTheDocument();
    const button = screen.getByTestId('reset-link-request-new');
    expect(button).toHaveTextContent('Request a new link');
    fireEvent.click(button);
    expect(await screen.findByTestId('forget-email-form')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/m/forget');
    expect(router.state.location.search).toBe('');
    expect(requestsTo(fetchMock, API_PATHS.resetByEmail)).toHaveLength(0);
  });

  it('"request a new link" opens the e-mail tab even when the mobile reset is on', async () => {
    mockApi({
      startup: startupResponse({}, { whitelabel: whitelabel({ CHNGPASSVERIF3: true }) }),
      routes: { [`POST ${API_PATHS.resetLinkCheck}`]: { valid: false } },
    });
    renderApp('/m/forget?resetToken=spent1', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('reset-link-request-new'));
    expect(await screen.findByTestId('forget-email-form')).toBeInTheDocument();
    expect(screen.queryByTestId('forget-mobile-form')).not.toBeInTheDocument();
    expect(screen.getByTestId('forget-tab-email')).toHaveAttribute('aria-selected', 'true');
  });

  it('the check answering auth.reset.link.invalid shows the same state, in Tagalog too', async () => {
    mockApi({
      routes: {
        [`POST ${API_PATHS.resetLinkCheck}`]: {
          status: 400,
          body: { success: false, errorCode: 'auth.reset.link.invalid', message: 'x' },
        },
      },
    });
    renderApp('/m/forget?resetToken=old', { language: 'TY' });
    const state = await screen.findByTestId('reset-link-invalid');
    expect(state).toHaveTextContent('Hindi na wasto o expired na ang reset link na ito');
    expect(screen.getByTestId('reset-link-request-new')).toHaveTextContent('Humingi ng bagong link');
  });

  it('a link spent while the form was open (the reset answers auth.reset.link.invalid) turns into the invalid-link state', async () => {
    mockApi({
      routes: {
        [`POST ${API_PATHS.resetLinkCheck}`]: { valid: true },
        [`POST ${API_PATHS.resetByEmail}`]: {
          status: 400,
          body: { success: false, errorCode: 'auth.reset.link.invalid', message: 'x' },
        },
      },
    });
    renderApp('/m/forget?resetToken=abc123', { language: 'EN' });
    await screen.findByTestId('reset-link-form');
    type('reset-new-password', 'NewSecret1');
    type('reset-confirm-password', 'NewSecret1');
    fireEvent.click(screen.getByTestId('reset-submit'));
    expect(await screen.findByTestId('reset-link-invalid')).toHaveTextContent(
      'This reset link is invalid or has expired',
    );
    expect(screen.queryByTestId('reset-link-form')).not.toBeInTheDocument();
  });

  it('no connection: an error with retry, which checks again', async () => {
    let calls = 0;
    const fetchMock = mockApi({
      routes: {
        [`POST ${API_PATHS.resetLinkCheck}`]: () =>
          ++calls === 1 ? Promise.reject(new TypeError('offline')) : { valid: true },
      },
    });
    renderApp('/m/forget?resetToken=abc123', { language: 'EN' });
    const error = await screen.findByTestId('reset-link-error');
    expect(screen.queryByTestId('reset-link-form')).not.toBeInTheDocument();
    fireEvent.click(within(error).getByRole('button'));
    expect(await screen.findByTestId('reset-link-form')).toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.resetLinkCheck)).toHaveLength(2);
  });

  it('a check the server cannot answer (not there yet, 5xx) leaves the form: the reset checks the link itself', async () => {
    mockApi({
      routes: {
        [`POST ${API_PATHS.resetLinkCheck}`]: {
          status: 500,
          body: { success: false, errorCode: 'system.error', message: 'x' },
        },
      },
    });
    renderApp('/m/forget?resetToken=abc123', { language: 'EN' });
    expect(await screen.findByTestId('reset-link-form')).toBeInTheDocument();
  });
});

describe('change password', () => {
  it('new equal to old: a confirmation alert and no request', async () => {
    signIn();
    const fetchMock = mockApi({ routes: { [API_PATHS.memberInfo]: memberInfo() } });
    renderApp('/m/changePsw', { language: 'EN' });
    expect(await screen.findByTestId('change-username')).toHaveValue('juan2024');
    expect(screen.getByTestId('change-username')).toHaveAttribute('readonly');
    type('change-old-password', 'Secret123');
    type('change-new-password', 'Secret123');
    type('change-confirm-password', 'Secret123');
    fireEvent.click(screen.getByTestId('change-submit'));
    expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent(
      'The new password and the old password cannot be the same',
    );
    expect(screen.queryByTestId('confirm-cancel')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.changePassword)).toHaveLength(0);
  });

  it('first-time login has no old-password field; success goes home after 1 s', async () => {
    signIn({ firstTimeLogin: true });
    const fetchMock = mockApi({
      routes: { [API_PATHS.memberInfo]: memberInfo(), [`POST ${API_PATHS.changePassword}`]: loginResult() },
    });
    const { router } = renderApp('/m/changePsw', { language: 'EN' });
    await screen.findByTestId('change-new-password');
    expect(screen.queryByTestId('change-old-password')).not.toBeInTheDocument();
    type('change-new-password', 'Secret123');
    type('change-confirm-password', 'Secret12');
    fireEvent.click(screen.getByTestId('change-submit'));
    expect(await screen.findByTestId('field-error-confirmNewPassword')).toHaveTextContent(
      'Confirmation password not matched',
    );
    type('change-confirm-password', 'Secret123');
    fireEvent.click(screen.getByTestId('change-submit'));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'), { timeout: 2000 });
    expect(requestsTo(fetchMock, API_PATHS.changePassword)[0]!.body).toEqual({
      newPassword: 'Secret123',
      confirmNewPassword: 'Secret123',
    });
    expect(JSON.parse(window.localStorage.getItem('MC_SESSION_INFO')!).firstTimeLogin).toBe(false);
  });
});
