import {
  API_PATHS,
  type TCaptcha,
  type TLoginRequest,
  type TLoginResult,
  type TRegisterRequest,
  type TSendCodeResult,
} from '@palaro/contract';
import { apiGet, apiPost } from '../../../shared/api/client';
import { apiEncrypted } from '../../../shared/api/encrypted';
import { isStandalone } from '../../../shared/lib/platform';

/** Spec §7: the login request says Device OTHERS when the page runs as an installed app. */
function deviceHeaders(): Record<string, string> {
  return isStandalone() ? { Device: 'OTHERS' } : {};
}

export function login(payload: TLoginRequest): Promise<TLoginResult> {
  return apiEncrypted<TLoginResult>(
    'POST',
    API_PATHS.login,
    { side: 'member', ...payload },
    { headers: deviceHeaders(), ignoreSessionLost: true },
  );
}

export function register(payload: TRegisterRequest): Promise<TLoginResult> {
  return apiEncrypted<TLoginResult>('PUT', API_PATHS.register, payload, { ignoreSessionLost: true });
}

export type TTrialResult = TLoginResult & { trialName: string };

export function startTrial(): Promise<TTrialResult> {
  return apiPost<TTrialResult>(API_PATHS.trial, {}, { ignoreSessionLost: true });
}

export function fetchCaptcha(): Promise<TCaptcha> {
  return apiGet<TCaptcha>(API_PATHS.captcha, { t: Date.now() });
}

export interface SendCodeInput {
  purpose: 'register' | 'login' | 'reset' | 'bindMobile' | 'bindEmail';
  mobileNum?: string;
  countryDialingCode?: string;
  email?: string;
  channel?: 'sms' | 'email';
  captchaId?: string;
  captcha?: string;
}

export function sendCode(input: SendCodeInput): Promise<TSendCodeResult> {
  return apiPost<TSendCodeResult>(API_PATHS.sendCode, { channel: 'sms', ...input });
}

export function checkAffiliate(code: string, domain: string): Promise<{ valid: boolean }> {
  return apiPost<{ valid: boolean }>(API_PATHS.affiliateCheck, { code, domain });
}
