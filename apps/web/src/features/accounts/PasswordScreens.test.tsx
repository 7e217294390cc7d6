import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS, STORAGE_KEYS } from '@palaro/contract';
import { mockApi, renderApp, requestsTo } from '../../test/render';
import { loginResult, memberInfo, signIn, startupResponse, whitelabel } from '../../test/fixtures';

// The body is sent as given (the encryption itself is tested in shared/api/encrypted.test.ts).
vi.mock('../../shared/api/encrypted', async () => {
  const client = await import('../../shared/api/client');
  return {
    apiEncrypted: (method: 'POST' | 'PUT', path: string, payload: unknown, options: object = {}) => client.apiRequest(method, path, { ...options, json: payload }),
  };
});

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

const SENT = { expiredMinutes: 5, resendAfterSeconds: 60, channel: 'sms', destination: '+63 9•••••4567', emailFallbackAvailable: false };
const failure = (errorCode: string) => ({ status: 400, body: { success: false, errorCode, message: 'x' } });

describe('forgot password', () => {
  it('e-mail only without CHNGPASSVERIF3', async () => {
    mockApi();
    renderApp('/m/forget', { language: 'EN' });
    expect(await screen.findByTestId('forget-email-form')).toBeInTheDocument();
    expect(screen.queryByTestId('forget-tab-mobile')).not.toBeInTheDocument();
  });

  it('with CHNGPASSVERIF3 starts on mobile: code disabled until sent, submit disabled until touched and valid', async () => {
    mockApi({ startup: startupResponse({}, { whitelabel: whitelabel({ CHNGPASSVERIF3: true }) }), routes: { [`POST ${API_PATHS.sendCode}`]: SENT } });
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
      routes: { [`POST ${API_PATHS.sendCode}`]: SENT, [`POST ${API_PATHS.resetByPhone}`]: null, [`POST ${API_PATHS.login}`]: loginAnswer },
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
      mobileNum: '9171234567', countryDialingCode: '+63', verificationCode: '123456', newPassword: 'NewSecret1',
    });
    const logins = requestsTo(fetchMock, API_PATHS.login);
    expect(logins).toHaveLength(1);
    expect(logins[0]!.body).toEqual({ side: 'member', type: 'username', username: '9171234567', password: 'NewSecret1', countryDialingCode: '+63' });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.session)!).userName).toBe('9171234567');
    // No remember-me was chosen on this sign-in.
    expect(window.localStorage.getItem(STORAGE_KEYS.autoLogin)).toBe('0');
  });

  it('set password by phone: when that sign-in fails, the login screen opens with the number filled in', async () => {
    const refused = { status: 401, body: { success: false, errorCode: 'auth.credentials.invalid', message: 'x', value: { captcha: true } } };
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
    const fetchMock = mockApi({ routes: { [`POST ${API_PATHS.resetByEmail}`]: null } });
    const { router } = renderApp('/m/forget?resetToken=abc123', { language: 'EN' });
    await screen.findByTestId('reset-link-form');
    type('reset-new-password', 'NewSecret1');
    type('reset-confirm-password', 'NewSecret1');
    fireEvent.click(screen.getByTestId('reset-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/login'), { timeout: 2000 });
    expect(requestsTo(fetchMock, API_PATHS.resetByEmail)[0]!.body).toEqual({ token: 'abc123', newPassword: 'NewSecret1' });
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
    expect(await screen.findByTestId('confirm-dialog')).toHaveTextContent('The new password and the old password cannot be the same');
    expect(screen.queryByTestId('confirm-cancel')).not.toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.changePassword)).toHaveLength(0);
  });

  it('first-time login has no old-password field; success goes home after 1 s', async () => {
    signIn({ firstTimeLogin: true });
    const fetchMock = mockApi({ routes: { [API_PATHS.memberInfo]: memberInfo(), [`POST ${API_PATHS.changePassword}`]: loginResult() } });
    const { router } = renderApp('/m/changePsw', { language: 'EN' });
    await screen.findByTestId('change-new-password');
    expect(screen.queryByTestId('change-old-password')).not.toBeInTheDocument();
    type('change-new-password', 'Secret123');
    type('change-confirm-password', 'Secret12');
    fireEvent.click(screen.getByTestId('change-submit'));
    expect(await screen.findByTestId('field-error-confirmNewPassword')).toHaveTextContent('Confirmation password not matched');
    type('change-confirm-password', 'Secret123');
    fireEvent.click(screen.getByTestId('change-submit'));
    expect(await screen.findByText('Password changed')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'), { timeout: 2000 });
    expect(requestsTo(fetchMock, API_PATHS.changePassword)[0]!.body).toEqual({ newPassword: 'Secret123', confirmNewPassword: 'Secret123' });
    expect(JSON.parse(window.localStorage.getItem('MC_SESSION_INFO')!).firstTimeLogin).toBe(false);
  });
});
