import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS, STORAGE_KEYS } from '@palaro/contract';
import { mockApi, renderApp, requestsTo } from '../../test/render';
import { loginResult, startupResponse, whitelabel } from '../../test/fixtures';

// The body is sent as given (the encryption itself is tested in shared/api/encrypted.test.ts).
vi.mock('../../shared/api/encrypted', async () => {
  const client = await import('../../shared/api/client');
  return {
    apiEncrypted: (method: 'POST' | 'PUT', path: string, payload: unknown, options: object = {}) =>
      client.apiRequest(method, path, { ...options, json: payload }),
  };
});

const CAPTCHA = { captchaId: 'c1', captcha: 'iVBORw0KGgo=' };
const failure = (errorCode: string, value?: unknown) => ({
  status: 401,
  body: { success: false, errorCode, message: 'x', value },
});

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

describe('sign-in screen', () => {
  it('shows the SMS tab only with MOBILEVERFLOGIN3', async () => {
    mockApi();
    const first = renderApp('/m/login', { language: 'EN' });
    await screen.findByTestId('login-form');
    expect(screen.queryByTestId('login-tab-sms')).not.toBeInTheDocument();
    expect(screen.getByTestId('login-username')).toBeInTheDocument();
    first.unmount();

    mockApi({ startup: startupResponse({}, { whitelabel: whitelabel({ MOBILEVERFLOGIN3: true }) }) });
    renderApp('/m/login', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('login-tab-sms'));
    expect(screen.getByTestId('login-mobile')).toHaveAttribute('maxlength', '20');
    expect(screen.getByTestId('login-mobile')).toHaveAttribute('type', 'tel');
    expect(screen.getByTestId('login-sms-code')).toHaveAttribute('maxlength', '10');
    expect(screen.queryByTestId('login-password')).not.toBeInTheDocument();
  });

  it('asks for user name and password before calling the server', async () => {
    const fetchMock = mockApi();
    renderApp('/m/login', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('login-submit'));
    expect(await screen.findByTestId('field-error-username')).toHaveTextContent(
      'Please enter the username and password',
    );
    expect(requestsTo(fetchMock, API_PATHS.login)).toHaveLength(0);
    expect(screen.getByTestId('login-username')).toHaveFocus();
  });

  it('keeps the captcha hidden until a failed sign-in answers value.captcha, then loads it; a tap reloads and clears', async () => {
    let captchaCalls = 0;
    const fetchMock = mockApi({
      routes: {
        [`POST ${API_PATHS.login}`]: () => failure('auth.credentials.invalid', { captcha: true }),
        [API_PATHS.captcha]: () => {
          captchaCalls += 1;
          return { ...CAPTCHA, captchaId: `c${captchaCalls}` };
        },
      },
    });
    renderApp('/m/login', { language: 'EN' });
    type(await screen.findByTestId('login-username').then(() => 'login-username'), 'juan2024');
    type('login-password', 'wrong-pass');
    expect(screen.queryByTestId('captcha-input')).not.toBeInTheDocument();
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('User does not exist or is disabled');
    expect(await screen.findByTestId('captcha-input')).toHaveAttribute('maxlength', '6');
    await waitFor(() => expect(captchaCalls).toBe(1));

    type('captcha-input', '123456');
    fireEvent.click(screen.getByTestId('captcha-image'));
    await waitFor(() => expect(captchaCalls).toBe(2));
    expect(screen.getByTestId('captcha-input')).toHaveValue('');

    // The next try must carry the code and its id.
    type('captcha-input', '654321');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(requestsTo(fetchMock, API_PATHS.login)).toHaveLength(2));
    expect(requestsTo(fetchMock, API_PATHS.login)[1]!.body).toMatchObject({
      type: 'username',
      username: 'juan2024',
      captchaId: 'c2',
      captcha: '654321',
    });
  });

  it('signs in, keeps the session record, remembers the user name but never the password, and goes home', async () => {
    const fetchMock = mockApi({ routes: { [`POST ${API_PATHS.login}`]: loginResult() } });
    const { router } = renderApp('/m/login', { language: 'EN' });
    await screen.findByTestId('login-form');
    type('login-username', 'juan2024');
    type('login-password', 'S3cret!pass');
    fireEvent.click(screen.getByTestId('remember-me'));
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(requestsTo(fetchMock, API_PATHS.login)[0]!.body).toMatchObject({
      type: 'username',
      username: 'juan2024',
      password: 'S3cret!pass',
      rememberMe: true,
      side: 'member',
    });
    expect(JSON.parse(window.localStorage.getItem(STORAGE_KEYS.session)!)).toMatchObject({ userName: 'juan2024' });
    const everything = JSON.stringify({ ...window.localStorage }) + JSON.stringify({ ...window.sessionStorage });
    expect(everything).not.toContain('S3cret!pass');
    expect(everything).not.toContain(btoa('S3cret!pass'));
    expect(JSON.parse(window.localStorage.getItem('rememberLogin')!)).toEqual({
      type: 'username',
      username: 'juan2024',
      countryDialingCode: '+63',
    });
    // Remember-me: start-up may reopen the session with the device cookie.
    expect(window.localStorage.getItem(STORAGE_KEYS.autoLogin)).toBe('1');
    expect(await screen.findByTestId('header-member-name')).toHaveTextContent('juan2024');
  });

  it('without remember-me, autoLogin stays 0', async () => {
    window.localStorage.setItem(STORAGE_KEYS.autoLogin, '1');
    mockApi({ routes: { [`POST ${API_PATHS.login}`]: loginResult() } });
    const { router } = renderApp('/m/login', { language: 'EN' });
    await screen.findByTestId('login-form');
    type('login-username', 'juan2024');
    type('login-password', 'S3cret!pass');
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(window.localStorage.getItem(STORAGE_KEYS.autoLogin)).toBe('0');
  });

  it('fills the remembered user name next time', async () => {
    window.localStorage.setItem(
      'rememberLogin',
      JSON.stringify({ type: 'username', username: 'maria88', countryDialingCode: '+63' }),
    );
    mockApi();
    renderApp('/m/login', { language: 'EN' });
    expect(await screen.findByTestId('login-username')).toHaveValue('maria88');
    expect(screen.getByTestId('remember-me')).toBeChecked();
  });

  it('shows a non-member refusal in the player’s language', async () => {
    mockApi({
      routes: {
        [`POST ${API_PATHS.login}`]: {
          status: 403,
          body: { success: false, errorCode: 'auth.not.member', message: 'Non-member' },
        },
      },
    });
    renderApp('/m/login', { language: 'TY' });
    type(await screen.findByTestId('login-username').then(() => 'login-username'), 'agent1');
    type('login-password', 'whatever1');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Hindi makakapag-login ang account na hindi miyembro');
  });

  it('a paused sign-in says in Tagalog how long is left and lets the owner in by SMS code or a reset by mobile', async () => {
    const paused = {
      status: 429,
      body: {
        success: false,
        errorCode: 'auth.signin.paused',
        message: 'x',
        value: { captcha: true, retryAfterSeconds: 872, waysIn: ['sms', 'resetByPhone', 'resetByEmail'] },
      },
    };
    mockApi({
      startup: startupResponse({}, { whitelabel: whitelabel({ MOBILEVERFLOGIN3: true, CHNGPASSVERIF3: true }) }),
      routes: { [`POST ${API_PATHS.login}`]: paused, [API_PATHS.captcha]: CAPTCHA },
    });
    renderApp('/m/login', { language: 'TY' });
    type(await screen.findByTestId('login-username').then(() => 'login-username'), '09171234567');
    type('login-password', 'Lakas1234');
    fireEvent.click(screen.getByTestId('login-submit'));
    const notice = await screen.findByTestId('login-wait');
    expect(notice).toHaveAttribute('role', 'alert');
    expect(notice).toHaveTextContent('Naka-pause ang login gamit ang password');
    expect(notice).toHaveTextContent('Masyadong maraming maling password ang sinubukan sa account na ito.');
    expect(screen.getByTestId('login-wait-time')).toHaveTextContent('Puwede kang sumubok ulit pagkalipas ng 14:32');
    expect(notice).toHaveTextContent('makakapag-login ka pa rin sa phone na lagi mong ginagamit');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
    // The refusal asks for a captcha on the next try.
    expect(await screen.findByTestId('captcha-input')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('login-wait-time')).toHaveTextContent('14:31'), { timeout: 3000 });

    const reset = screen.getByTestId('login-wait-reset');
    expect(reset).toHaveTextContent('I-reset ang password sa mobile');
    expect(reset).toHaveAttribute('href', '/m/forget');
    fireEvent.click(screen.getByTestId('login-wait-sms'));
    expect(screen.getByTestId('login-mobile')).toHaveValue('09171234567');
    expect(screen.getByTestId('login-sms-code')).toBeInTheDocument();
    expect(screen.queryByTestId('login-wait')).not.toBeInTheDocument();
    // Back on the password tab the wait is still shown, until another account is typed.
    fireEvent.click(screen.getByTestId('login-tab-username'));
    expect(screen.getByTestId('login-wait')).toBeInTheDocument();
    type('login-username', 'iba12345');
    expect(screen.queryByTestId('login-wait')).not.toBeInTheDocument();
  });

  it('in English: a reset by e-mail when that is the only way in, and the notice says when the wait is over', async () => {
    mockApi({
      routes: {
        [`POST ${API_PATHS.login}`]: {
          status: 429,
          body: {
            success: false,
            errorCode: 'auth.signin.paused',
            message: 'x',
            value: { captcha: true, retryAfterSeconds: 1, waysIn: ['resetByEmail'] },
          },
        },
        [API_PATHS.captcha]: CAPTCHA,
      },
    });
    const { router } = renderApp('/m/login', { language: 'EN' });
    type(await screen.findByTestId('login-username').then(() => 'login-username'), 'juan2024');
    type('login-password', 'Lakas1234');
    fireEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByTestId('login-wait-time')).toHaveTextContent('You can try again in 0:01');
    expect(screen.getByTestId('login-wait')).toHaveTextContent('Password log-in paused');
    expect(screen.queryByTestId('login-wait-sms')).not.toBeInTheDocument();
    await waitFor(
      () => expect(screen.getByTestId('login-wait-time')).toHaveTextContent('You can try your password again now.'),
      { timeout: 3000 },
    );
    fireEvent.click(screen.getByTestId('login-wait-reset'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/forget'));
    expect(await screen.findByTestId('forget-email-form')).toBeInTheDocument();
  });

  it('hides the social buttons when no third-party sign-in service is initialised', async () => {
    mockApi({ startup: startupResponse({}, { whitelabel: whitelabel({ FACEBOOKLOGIN3: true, GOOGLELOGIN3: true }) }) });
    renderApp('/m/login', { language: 'EN' });
    await screen.findByTestId('login-form');
    expect(screen.queryByTestId('login-facebook')).not.toBeInTheDocument();
    expect(screen.queryByTestId('login-google')).not.toBeInTheDocument();
  });

  it('test-play starts a trial, keeps trialName in session storage and goes home', async () => {
    mockApi({
      routes: {
        [`POST ${API_PATHS.trial}`]: {
          ...loginResult({ userName: 'trial_8k2', type: 4 }, { type: 4, account: 'trial_8k2' }),
          trialName: 'trial_8k2',
        },
      },
    });
    const { router } = renderApp('/m/login', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('trial-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(window.sessionStorage.getItem(STORAGE_KEYS.trialName)).toBe('trial_8k2');
  });

  it('sends an SMS code for the mobile tab and counts down', async () => {
    const fetchMock = mockApi({
      startup: startupResponse({}, { whitelabel: whitelabel({ MOBILEVERFLOGIN3: true }) }),
      routes: {
        [`POST ${API_PATHS.sendCode}`]: {
          expiredMinutes: 5,
          resendAfterSeconds: 60,
          channel: 'sms',
          destination: '+63 9•••••4567',
          emailFallbackAvailable: false,
        },
      },
    });
    renderApp('/m/login', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('login-tab-sms'));
    fireEvent.click(screen.getByTestId('login-send-code'));
    expect(await screen.findByTestId('field-error-mobileNum')).toBeInTheDocument();
    type('login-mobile', '9171234567');
    await act(async () => {
      fireEvent.click(screen.getByTestId('login-send-code'));
    });
    await waitFor(() => expect(screen.getByTestId('login-send-code')).toBeDisabled());
    expect(screen.getByTestId('login-send-code')).toHaveTextContent(/Resend in \d+s/);
    expect(await screen.findByTestId('toast')).toHaveTextContent('SMS sent');
    expect(requestsTo(fetchMock, API_PATHS.sendCode)[0]!.body).toMatchObject({
      purpose: 'login',
      mobileNum: '9171234567',
      countryDialingCode: '+63',
    });
  });
});
