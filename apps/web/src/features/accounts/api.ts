import {
  API_PATHS,
  type TCaptcha, type TLoginRequest, type TLoginResult, type TMemberInfo, type TRegisterRequest, type TSendCodeResult,
  type TSignInRecord,
} from '@palaro/contract';
import { apiGet, apiPost, apiPostForm, apiRequest } from '../../shared/api/client';
import { apiEncrypted } from '../../shared/api/encrypted';
import { isStandalone } from '../../shared/lib/platform';

/** Spec §7: the login request says Device OTHERS when the page runs as an installed app. */
function deviceHeaders(): Record<string, string> {
  return isStandalone() ? { Device: 'OTHERS' } : {};
}

export function login(payload: TLoginRequest): Promise<TLoginResult> {
  return apiEncrypted<TLoginResult>('POST', API_PATHS.login, { side: 'member', ...payload }, { headers: deviceHeaders(), ignoreSessionLost: true });
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

export function forgotByEmail(username: string, email: string): Promise<unknown> {
  return apiPostForm<unknown>(API_PATHS.forgotByEmail, { username, email });
}

export function resetByEmail(token: string, newPassword: string): Promise<unknown> {
  return apiPost<unknown>(API_PATHS.resetByEmail, { token, newPassword });
}

/** Whether an e-mailed reset link can still be used (unknown, used and expired links cannot). */
export function checkResetLink(token: string, signal?: AbortSignal): Promise<{ valid: boolean }> {
  return apiPost<{ valid: boolean }>(API_PATHS.resetLinkCheck, { token }, { signal, ignoreSessionLost: true });
}

export function resetByPhone(input: { newPassword: string; mobileNum: string; countryDialingCode?: string; verificationCode: string }): Promise<unknown> {
  return apiPost<unknown>(API_PATHS.resetByPhone, input);
}

export function changePassword(input: { oldPassword?: string; newPassword: string; confirmNewPassword: string }): Promise<unknown> {
  return apiPost<unknown>(API_PATHS.changePassword, input);
}

export function bindMobile(input: { mobileNum: string; countryDialingCode: string; verificationCode: string }): Promise<TMemberInfo | unknown> {
  return apiPost<unknown>(API_PATHS.bindMobile, input);
}

export function bindEmail(input: { email: string; verificationCode: string }): Promise<unknown> {
  return apiPost<unknown>(API_PATHS.bindEmail, input);
}

export function setPaymentPassword(input: { oldPaymentPassword?: string; loginPassword: string; paymentPassword: string; confirmPaymentPassword: string }): Promise<unknown> {
  return apiPost<unknown>(API_PATHS.paymentPassword, input);
}

export function fetchSignInHistory(signal?: AbortSignal): Promise<{ list: TSignInRecord[] }> {
  return apiRequest<{ list: TSignInRecord[] }>('GET', API_PATHS.signInHistory, { signal });
}
