import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS, type TSiteSettings } from '@palaro/contract';
import { mockApi, renderApp, requestsTo } from '../../test/render';
import { loginResult, startupResponse, whitelabel } from '../../test/fixtures';

vi.mock('../../shared/api/encrypted', async () => {
  const client = await import('../../shared/api/client');
  return {
    apiEncrypted: (method: 'POST' | 'PUT', path: string, payload: unknown, options: object = {}) =>
      client.apiRequest(method, path, { ...options, json: payload }),
  };
});

const CAPTCHA = { captchaId: 'c1', captcha: 'iVBORw0KGgo=' };

function register(
  fields: Partial<Record<string, { enabled: boolean; required: boolean; pattern: string | null }>>,
): TSiteSettings['register'] {
  return {
    fields: fields as TSiteSettings['register']['fields'],
    defaultCountryDialingCode: '+63',
    countryDialingCodes: ['+63', '+65'],
  };
}

function type(testId: string, value: string) {
  fireEvent.change(screen.getByTestId(testId), { target: { value } });
}

function fillUsernameForm() {
  type('register-username', 'juan2024');
  type('register-password', 'Secret123');
  type('register-confirm-password', 'Secret123');
  type('register-captcha', '123456');
}

describe('registration screen', () => {
  it('shows both tabs when both methods are on; only mobile starts on mobile without tabs', async () => {
    mockApi({
      startup: startupResponse({}, { whitelabel: whitelabel({ USERNAMEREG3: true, MOBILENUMREG3: true }) }),
      routes: { [API_PATHS.captcha]: CAPTCHA },
    });
    const first = renderApp('/m/register', { language: 'EN' });
    expect(await screen.findByTestId('register-tab-username')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('register-username')).toBeInTheDocument();
    first.unmount();

    mockApi({
      startup: startupResponse({}, { whitelabel: whitelabel({ MOBILENUMREG3: true }) }),
      routes: { [API_PATHS.captcha]: CAPTCHA },
    });
    renderApp('/register.html', { language: 'EN' });
    expect(await screen.findByTestId('register-mobile')).toBeInTheDocument();
    expect(screen.getByTestId('register-sms-code')).toBeInTheDocument();
    expect(screen.queryByTestId('register-tab-username')).not.toBeInTheDocument();
    expect(screen.queryByTestId('register-username')).not.toBeInTheDocument();
  });

  it('carries the typed mobile number across tabs', async () => {
    mockApi({
      startup: startupResponse(
        {},
        {
          whitelabel: whitelabel({ USERNAMEREG3: true, MOBILENUMREG3: true }),
          register: register({ mobileNum: { enabled: true, required: false, pattern: null } }),
        },
      ),
      routes: { [API_PATHS.captcha]: CAPTCHA },
    });
    renderApp('/m/register', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('register-tab-mobile'));
    type('register-mobile', '9171234567');
    fireEvent.click(screen.getByTestId('register-tab-username'));
    expect(screen.getByTestId('register-mobile')).toHaveValue('9171234567');
  });

  it('shows optional fields only when the configuration enables them and validates on blur', async () => {
    mockApi({
      startup: startupResponse(
        {},
        {
          whitelabel: whitelabel({ USERNAMEREG3: true }),
          register: register({
            username: { enabled: true, required: true, pattern: '[a-z][a-z0-9]{5,15}' },
            email: { enabled: true, required: true, pattern: '[^@\\s]+@[^@\\s]+\\.[a-z]{2,}' },
            nickname: { enabled: false, required: false, pattern: null },
            wechat: { enabled: true, required: false, pattern: '\\w{6,20}' },
          }),
        },
      ),
      routes: { [API_PATHS.captcha]: CAPTCHA },
    });
    renderApp('/m/register', { language: 'EN' });
    await screen.findByTestId('register-username');
    expect(screen.getByTestId('register-email')).toBeInTheDocument();
    expect(screen.getByTestId('register-wechat')).toBeInTheDocument();
    expect(screen.queryByTestId('register-nickname')).not.toBeInTheDocument();

    type('register-username', 'Ju');
    fireEvent.blur(screen.getByTestId('register-username'));
    expect(await screen.findByTestId('field-error-username')).toHaveTextContent('Account format incorrect');
    fireEvent.blur(screen.getByTestId('register-wechat'));
    expect(screen.queryByTestId('field-error-wechat')).not.toBeInTheDocument(); // optional and empty passes
    type('register-password', 'Secret123');
    type('register-confirm-password', 'Secret124');
    fireEvent.blur(screen.getByTestId('register-confirm-password'));
    expect(await screen.findByTestId('field-error-confirmPassword')).toHaveTextContent(
      'Confirmation password not matched',
    );
  });

  it('on submit shows every error and focuses the first invalid field', async () => {
    const fetchMock = mockApi({
      startup: startupResponse({}, { whitelabel: whitelabel({ USERNAMEREG3: true }) }),
      routes: { [API_PATHS.captcha]: CAPTCHA },
    });
    renderApp('/m/register', { language: 'EN' });
    await screen.findByTestId('register-username');
    type('register-password', 'Secret123');
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('field-error-username')).toBeInTheDocument();
    expect(screen.getByTestId('field-error-confirmPassword')).toHaveTextContent('Enter password');
    expect(screen.getByTestId('field-error-captcha')).toHaveTextContent('Enter a captcha');
    expect(screen.getByTestId('register-username')).toHaveFocus();
    expect(requestsTo(fetchMock, API_PATHS.register)).toHaveLength(0);
  });

  it('asks for the merchant’s minimum age, and sets an optional mobile number apart with the other details, marked optional', async () => {
    mockApi({
      startup: startupResponse(
        {},
        {
          minimumAge: 25,
          whitelabel: whitelabel({ USERNAMEREG3: true }),
          register: register({
            mobileNum: { enabled: true, required: false, pattern: null },
            email: { enabled: true, required: true, pattern: null },
            payeeName: { enabled: true, required: false, pattern: null },
          }),
        },
      ),
      routes: { [API_PATHS.captcha]: CAPTCHA },
    });
    renderApp('/m/register', { language: 'EN' });
    const agree = await screen.findByTestId('register-agree');
    expect(agree.closest('label')).toHaveTextContent('I am 25 or older and I agree to the');
    // The merchant requires the e-mail: the heading cannot say "optional", so each optional field says it.
    const more = screen.getByTestId('register-more-details');
    expect(more).toHaveAccessibleName('More details');
    expect(within(more).getByTestId('register-mobile')).toHaveAccessibleName('Mobile number');
    expect(within(more).getByTestId('register-mobile')).toHaveAccessibleDescription('Optional');
    expect(within(more).getByTestId('register-email')).not.toHaveAccessibleDescription();
    expect(within(more).getByTestId('register-payeeName')).toHaveAccessibleDescription(
      'Optional · As written on your e-wallet',
    );
    // The required fields come first, then the other details, then the picture code.
    const order = ['register-username', 'register-password', 'register-mobile', 'register-captcha'].map((id) =>
      screen.getByTestId(id),
    );
    for (let i = 1; i < order.length; i += 1) {
      expect(order[i - 1]!.compareDocumentPosition(order[i]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(more.contains(screen.getByTestId('register-captcha'))).toBe(false);
  });

  it('says once, in the heading, that the other details are optional when all of them are', async () => {
    mockApi({
      startup: startupResponse(
        {},
        {
          whitelabel: whitelabel({ USERNAMEREG3: true }),
          register: register({
            mobileNum: { enabled: true, required: false, pattern: null },
            email: { enabled: true, required: false, pattern: null },
          }),
        },
      ),
      routes: { [API_PATHS.captcha]: CAPTCHA },
    });
    renderApp('/m/register', { language: 'EN' });
    const more = await screen.findByTestId('register-more-details');
    expect(more).toHaveAccessibleName('More details (optional)');
    expect(within(more).getByTestId('register-mobile')).not.toHaveAccessibleDescription();
    expect(within(more).getByTestId('register-email')).not.toHaveAccessibleDescription();
  });

  it('agree is on by default; turning it off disables the register button', async () => {
    mockApi({ routes: { [API_PATHS.captcha]: CAPTCHA } });
    renderApp('/m/register', { language: 'EN' });
    const agree = await screen.findByTestId('register-agree');
    expect(agree).toBeChecked();
    expect(screen.getByTestId('register-submit')).toBeEnabled();
    fireEvent.click(agree);
    expect(screen.getByTestId('register-submit')).toBeDisabled();
  });

  it('an invitation code the server rejects: toast for 1 s, then the field is focused; nothing registered', async () => {
    const fetchMock = mockApi({
      startup: startupResponse(
        {},
        {
          whitelabel: whitelabel({ USERNAMEREG3: true }),
          register: register({ affiliateCode: { enabled: true, required: false, pattern: null } }),
        },
      ),
      routes: { [API_PATHS.captcha]: CAPTCHA, [`POST ${API_PATHS.affiliateCheck}`]: { valid: false } },
    });
    renderApp('/m/register?affiliateCode=BAD123', { language: 'EN' });
    await screen.findByTestId('register-username');
    expect(screen.getByTestId('register-affiliateCode')).toHaveValue('BAD123');
    fillUsernameForm();
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Invalid invitation code');
    expect(screen.getByTestId('register-affiliateCode')).not.toHaveFocus();
    await waitFor(() => expect(screen.getByTestId('register-affiliateCode')).toHaveFocus(), { timeout: 2000 });
    expect(requestsTo(fetchMock, API_PATHS.affiliateCheck)[0]!.body).toMatchObject({ code: 'BAD123' });
    expect(requestsTo(fetchMock, API_PATHS.register)).toHaveLength(0);
  });

  it('a friend’s invite link fills its code in, shown even where the form does not ask for it, and sends it', async () => {
    const fetchMock = mockApi({
      startup: startupResponse({}, { whitelabel: whitelabel({ USERNAMEREG3: true }), register: register({}) }),
      routes: { [API_PATHS.captcha]: CAPTCHA, [`PUT ${API_PATHS.register}`]: loginResult() },
    });
    const { router } = renderApp('/m/register?recommenderId=ABCD2345', { language: 'EN' });
    await screen.findByTestId('register-username');
    expect(screen.getByTestId('register-recommenderId')).toHaveValue('ABCD2345');
    await waitFor(() => expect(screen.getByTestId('captcha-image').querySelector('img')).not.toBeNull());
    fillUsernameForm();
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(requestsTo(fetchMock, API_PATHS.register)[0]!.body).toMatchObject({ recommenderId: 'ABCD2345' });
  });

  it('without a link the referrer field stays hidden unless the merchant asks for it', async () => {
    mockApi({
      startup: startupResponse({}, { whitelabel: whitelabel({ USERNAMEREG3: true }), register: register({}) }),
      routes: { [API_PATHS.captcha]: CAPTCHA },
    });
    renderApp('/m/register', { language: 'EN' });
    await screen.findByTestId('register-username');
    expect(screen.queryByTestId('register-recommenderId')).not.toBeInTheDocument();
  });

  it('registers with the spec payload, says "registered successfully" and goes home signed in', async () => {
    const fetchMock = mockApi({
      startup: startupResponse({}, { whitelabel: whitelabel({ USERNAMEREG3: true }) }),
      routes: { [API_PATHS.captcha]: CAPTCHA, [`PUT ${API_PATHS.register}`]: loginResult() },
    });
    const { router } = renderApp('/m/register', { language: 'EN' });
    await screen.findByTestId('register-username');
    await waitFor(() => expect(screen.getByTestId('captcha-image').querySelector('img')).not.toBeNull());
    fillUsernameForm();
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/m/home'));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Registered successfully');
    const [call] = requestsTo(fetchMock, API_PATHS.register);
    expect(call!.method).toBe('PUT');
    expect(call!.body).toMatchObject({
      method: 'username',
      type: 0,
      registerMethod: 'H5',
      username: 'juan2024',
      password: 'Secret123',
      confirmPassword: 'Secret123',
      captchaId: 'c1',
      captcha: '123456',
      registerUrl: window.location.host,
      domain: window.location.hostname,
    });
    expect(window.localStorage.getItem('MC_SESSION_INFO')).not.toBeNull();
  });

  it('mobile registration: the SMS button checks the number first, then counts down; offers e-mail when the server says so', async () => {
    const fetchMock = mockApi({
      startup: startupResponse({}, { whitelabel: whitelabel({ MOBILENUMREG3: true }) }),
      routes: {
        [API_PATHS.captcha]: CAPTCHA,
        [`POST ${API_PATHS.sendCode}`]: {
          expiredMinutes: 5,
          resendAfterSeconds: 45,
          channel: 'sms',
          destination: '+63 9•••••4567',
          emailFallbackAvailable: true,
        },
      },
    });
    renderApp('/m/register', { language: 'EN' });
    fireEvent.click(await screen.findByTestId('register-send-code'));
    expect(await screen.findByTestId('field-error-mobileNum')).toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.sendCode)).toHaveLength(0);
    type('register-mobile', '9171234567');
    fireEvent.click(screen.getByTestId('register-send-code'));
    await waitFor(() => expect(screen.getByTestId('register-send-code')).toHaveTextContent('Resend in 45s'));
    expect(screen.getByTestId('register-send-code')).toBeDisabled();
    expect(screen.getByTestId('register-email-fallback')).toBeInTheDocument();
    expect(requestsTo(fetchMock, API_PATHS.sendCode)[0]!.body).toMatchObject({
      purpose: 'register',
      mobileNum: '9171234567',
      countryDialingCode: '+63',
      channel: 'sms',
    });
  });
});
