import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_PATHS, ENCRYPTION_HEADER } from '@palaro/contract';
import {
  DEV_CAPTCHA_PATH,
  success,
  ZAffiliateCheck,
  ZAffiliateCheckResult,
  ZBindEmailRequest,
  ZBindMobileRequest,
  ZCaptcha,
  ZChangePasswordRequest,
  ZDevCaptcha,
  ZDevCaptchaParams,
  ZEncryptedBody,
  ZEncryptionKey,
  ZForgotByEmailRequest,
  ZLoginResult,
  ZMemberInfo,
  ZOutboxList,
  ZPaymentPasswordRequest,
  ZResetByEmailRequest,
  ZResetByPhoneRequest,
  ZResetLinkCheckRequest,
  ZResetLinkCheckResult,
  ZSendCodeRequest,
  ZSendCodeResult,
  ZSignInHistory,
  ZTrialResult,
} from '@palaro/contract/schemas';
import { FAILURE_RESPONSES, ok } from '../../platform/http/envelope';
import { NotFoundError } from '../../platform/http/errors';
import type { PlatformContext } from '../../platform/context';
import { decryptRequest } from '../../platform/hybrid-encryption';
import { merchantOf } from '../site/request-context';
import { EncryptionKeys, issueCaptcha, privateKeyLookup } from './codes';
import { cookieOf, createMemberGuard } from './guard';
import { SESSION, SIGN_IN } from './policy';
import { changePassword, checkResetLink, forgotByEmail, resetByEmail, resetByPhone } from './passwords';
import { checkAffiliate, register } from './registration';
import { bindEmail, bindMobile, setPaymentPassword } from './security-centre';
import { sendCode } from './send-code';
import { signIn } from './sign-in';
import { signInHistory } from './sign-in-history';
import { startTrial, type TrialFunding } from './trial';
import { authenticate, renew, signOut, toMemberInfo, type IssuedSession } from './sessions';
import * as store from './store';

const OUTBOX_PAGE = 20;

export const ACCOUNTS_TAG = {
  name: 'accounts',
  description: 'Sign-in, registration, passwords, member centre and security centre',
};

export function accountsRoutes(platform: PlatformContext, fundTrial: TrialFunding) {
  const { db } = platform;
  const { contextOf, requireMember } = createMemberGuard(platform);
  const encryptionKeys = new EncryptionKeys(db, platform.now, platform.log);

  function cookie(request: FastifyRequest, name: string, value: string, maxAgeSeconds: number): string {
    const secure =
      platform.config.nodeEnv === 'production' && (request.protocol === 'https' || platform.config.trustProxy);
    return `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
  }

  function setSessionCookies(request: FastifyRequest, reply: FastifyReply, issued: IssuedSession): void {
    const cookies = [
      cookie(
        request,
        SESSION.cookieName,
        issued.token,
        Math.max(1, Math.round((issued.expiresAt.getTime() - platform.now().getTime()) / 1000)),
      ),
    ];
    if (issued.deviceToken)
      cookies.push(cookie(request, SESSION.deviceCookieName, issued.deviceToken, SESSION.deviceTokenSeconds));
    if (issued.knownDeviceMarker)
      cookies.push(
        cookie(request, SESSION.knownDeviceCookieName, issued.knownDeviceMarker, SIGN_IN.knownDeviceSeconds),
      );
    reply.header('set-cookie', cookies);
  }

  async function decrypted(request: FastifyRequest): Promise<unknown> {
    const header = request.headers[ENCRYPTION_HEADER.toLowerCase()];
    return decryptRequest(
      Array.isArray(header) ? header[0] : header,
      request.body,
      privateKeyLookup(db, platform.now()),
    );
  }

  return async function registerAccountsRoutes(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    // The forgot-password e-mail form is posted form-urlencoded (spec §7).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_request, body, done) => {
        done(null, parseQueryString(body as string));
      },
    );
    const tags = [ACCOUNTS_TAG.name];
    const failures = FAILURE_RESPONSES;
    // Before the server listens, so no request waits for a key pair: on a fresh database it costs
    // start-up the 0.3–0.8 s of one (at most ENCRYPTION_KEYS.startUpWaitMs), a restart one read.
    app.addHook('onReady', () => encryptionKeys.prepare());
    app.addHook('onClose', () => encryptionKeys.settled());

    routes.get(
      API_PATHS.captcha,
      {
        schema: {
          tags,
          summary: 'A new captcha (6 digits, base64 PNG)',
          response: { 200: success(ZCaptcha), ...failures },
        },
      },
      async (request) => ok(await issueCaptcha(await contextOf(request))),
    );

    routes.get(
      API_PATHS.encryptionKey,
      {
        schema: {
          tags,
          summary: 'The RSA public key for encrypted bodies',
          response: { 200: success(ZEncryptionKey), ...failures },
        },
      },
      async () => ok(await encryptionKeys.current()),
    );

    routes.post(
      API_PATHS.login,
      {
        schema: {
          tags,
          summary: 'Sign in (encrypted body: username, sms or firebase)',
          body: ZEncryptedBody,
          response: { 200: success(ZLoginResult), ...failures },
        },
      },
      async (request, reply) => {
        const issued = await signIn(
          await contextOf(request),
          await decrypted(request),
          cookieOf(request, SESSION.knownDeviceCookieName),
        );
        setSessionCookies(request, reply, issued);
        return ok(issued.result);
      },
    );

    routes.delete(
      API_PATHS.logout,
      {
        schema: {
          tags,
          summary: 'Sign out: ends every session of the member',
          response: { 200: success(z.null()), ...failures },
        },
      },
      async (request, reply) => {
        await signOut(await contextOf(request), cookieOf(request, SESSION.cookieName));
        reply.header('set-cookie', [
          cookie(request, SESSION.cookieName, '', 0),
          cookie(request, SESSION.deviceCookieName, '', 0),
        ]);
        return ok(null);
      },
    );

    routes.post(
      API_PATHS.renewSession,
      {
        schema: {
          tags,
          summary: 'Extend the session (or reopen one with the remember-me device token)',
          response: { 200: success(ZLoginResult), ...failures },
        },
      },
      async (request, reply) => {
        const issued = await renew(
          await contextOf(request),
          cookieOf(request, SESSION.cookieName),
          cookieOf(request, SESSION.deviceCookieName),
          cookieOf(request, SESSION.knownDeviceCookieName),
        );
        setSessionCookies(request, reply, issued);
        return ok(issued.result);
      },
    );

    routes.post(
      API_PATHS.trial,
      {
        schema: {
          tags,
          summary: 'Start a trial (type 4) account',
          response: { 200: success(ZTrialResult), ...failures },
        },
      },
      async (request, reply) => {
        const issued = await startTrial(await contextOf(request), fundTrial);
        setSessionCookies(request, reply, issued);
        return ok({ ...issued.result, trialName: issued.trialName });
      },
    );

    routes.put(
      API_PATHS.register,
      {
        schema: {
          tags,
          summary: 'Register (encrypted body) and sign in',
          body: ZEncryptedBody,
          response: { 200: success(ZLoginResult), ...failures },
        },
      },
      async (request, reply) => {
        const issued = await register(
          await contextOf(request),
          await decrypted(request),
          cookieOf(request, SESSION.knownDeviceCookieName),
        );
        setSessionCookies(request, reply, issued);
        return ok(issued.result);
      },
    );

    routes.post(
      API_PATHS.affiliateCheck,
      {
        schema: {
          tags,
          summary: 'Is this invitation code valid?',
          body: ZAffiliateCheck,
          response: { 200: success(ZAffiliateCheckResult), ...failures },
        },
      },
      async (request) => ok(await checkAffiliate(await contextOf(request), request.body)),
    );

    routes.post(
      API_PATHS.sendCode,
      {
        schema: {
          tags,
          summary: 'Send an SMS (or e-mail) verification code',
          body: ZSendCodeRequest,
          response: { 200: success(ZSendCodeResult), ...failures },
        },
      },
      async (request) => {
        const ctx = await contextOf(request);
        const needsSession = request.body.purpose === 'bindMobile' || request.body.purpose === 'bindEmail';
        const member = needsSession ? (await authenticate(ctx, cookieOf(request, SESSION.cookieName))).member : null;
        return ok(await sendCode(ctx, request.body, member));
      },
    );

    routes.post(
      API_PATHS.forgotByEmail,
      {
        schema: {
          tags,
          summary: 'E-mail a reset link (same answer whether or not the account exists)',
          body: ZForgotByEmailRequest,
          response: { 200: success(z.null()), ...failures },
        },
      },
      async (request) => {
        const origin = `${request.protocol}://${request.host}`;
        await forgotByEmail(await contextOf(request), request.body, origin);
        return ok(null);
      },
    );

    routes.post(
      API_PATHS.resetByEmail,
      {
        schema: {
          tags,
          summary: 'Set a new password with the e-mailed link',
          body: ZResetByEmailRequest,
          response: { 200: success(z.null()), ...failures },
        },
      },
      async (request) => {
        await resetByEmail(await contextOf(request), request.body);
        return ok(null);
      },
    );

    routes.post(
      API_PATHS.resetLinkCheck,
      {
        schema: {
          tags,
          summary: 'Is this e-mailed reset link still usable? (does not spend it)',
          body: ZResetLinkCheckRequest,
          response: { 200: success(ZResetLinkCheckResult), ...failures },
        },
      },
      async (request) => ok(await checkResetLink(await contextOf(request), request.body)),
    );

    routes.post(
      API_PATHS.resetByPhone,
      {
        schema: {
          tags,
          summary: 'Set a new password with an SMS code',
          body: ZResetByPhoneRequest,
          response: { 200: success(z.null()), ...failures },
        },
      },
      async (request) => {
        await resetByPhone(await contextOf(request), request.body);
        return ok(null);
      },
    );

    routes.post(
      API_PATHS.changePassword,
      {
        schema: {
          tags,
          summary: 'Change password: every session ends, this device gets a new one',
          body: ZChangePasswordRequest,
          response: { 200: success(ZLoginResult), ...failures },
        },
      },
      async (request, reply) => {
        const { ctx, auth } = await requireMember(request);
        const issued = await changePassword(ctx, auth.member, request.body);
        setSessionCookies(request, reply, issued);
        return ok(issued.result);
      },
    );

    routes.get(
      API_PATHS.memberInfo,
      { schema: { tags, summary: 'The signed-in member', response: { 200: success(ZMemberInfo), ...failures } } },
      async (request) => ok(toMemberInfo((await requireMember(request)).auth.member)),
    );

    routes.post(
      API_PATHS.bindMobile,
      {
        schema: {
          tags,
          summary: 'Bind or change the mobile number (SMS code)',
          body: ZBindMobileRequest,
          response: { 200: success(ZMemberInfo), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await requireMember(request);
        return ok(await bindMobile(ctx, auth.member, request.body));
      },
    );

    routes.post(
      API_PATHS.bindEmail,
      {
        schema: {
          tags,
          summary: 'Bind the e-mail address (code sent to it)',
          body: ZBindEmailRequest,
          response: { 200: success(ZMemberInfo), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await requireMember(request);
        return ok(await bindEmail(ctx, auth.member, request.body));
      },
    );

    routes.post(
      API_PATHS.paymentPassword,
      {
        schema: {
          tags,
          summary: 'Set or change the payment password',
          body: ZPaymentPasswordRequest,
          response: { 200: success(ZMemberInfo), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await requireMember(request);
        return ok(await setPaymentPassword(ctx, auth.member, request.body));
      },
    );

    routes.get(
      API_PATHS.signInHistory,
      {
        schema: {
          tags,
          summary: 'The last 50 sign-ins with device and time',
          response: { 200: success(ZSignInHistory), ...failures },
        },
      },
      async (request) => {
        const { ctx, auth } = await requireMember(request);
        return ok(await signInHistory(ctx, auth.member));
      },
    );

    // Development aids, never registered in production: the outbox and the captcha codes of the
    // caller's merchant (resolved from the host like every player call).
    if (platform.config.nodeEnv !== 'production') {
      routes.get(
        API_PATHS.devOutbox,
        {
          schema: {
            tags,
            summary: 'Outside production only: the latest outbox messages of this merchant',
            response: { 200: success(ZOutboxList), ...failures },
          },
        },
        async (request) => {
          const merchant = await merchantOf(request, platform);
          return ok({
            list: (await store.latestOutboxMessages(db, merchant.id, OUTBOX_PAGE)).map((row) => ({
              id: row.id,
              channel: row.channel as 'sms' | 'email',
              to: row.recipient,
              subject: row.subject,
              body: row.body,
              createdAt: row.createdAt.toISOString(),
            })),
          });
        },
      );

      routes.get(
        DEV_CAPTCHA_PATH,
        {
          schema: {
            tags,
            summary: 'Outside production only: the code of a live captcha (not spent by reading)',
            params: ZDevCaptchaParams,
            response: { 200: success(ZDevCaptcha), ...failures },
          },
        },
        async (request) => {
          const merchant = await merchantOf(request, platform);
          const code = await store.peekCaptcha(db, merchant.id, request.params.captchaId, platform.now());
          if (code === undefined) throw new NotFoundError('No live captcha has this id');
          return ok({ code });
        },
      );
    }
  };
}
