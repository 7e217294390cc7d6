import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { parse as parseQueryString } from 'node:querystring';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  formatMoney,
  GATEWAY_HEADERS,
  WEB_ROUTES,
  type DepositStatus,
  type TGatewayCallback,
} from '@palaro/contract';
import { ZOrderNoParams } from '@palaro/contract/schemas';
import type { PlatformContext } from '../../platform/context';
import { requireMerchantById } from '../site/service';
import { callbackSignature, parseStandardCallback, verifyHmacCallback, type PaymentGateway } from './gateway';
import * as store from './store';

export const SANDBOX_GATEWAY = 'sandbox';

export const sandboxCheckoutPath = (orderNo: string) => API_PATHS.sandboxCheckout.replace(':orderNo', orderNo);
const callbackPath = API_PATHS.gatewayCallback.replace(':gateway', SANDBOX_GATEWAY);
/** Where the sandbox sends the member back: the deposit records, opened on the order. */
export const returnPath = (orderNo: string) => `${WEB_ROUTES.depositRecords}?order=${encodeURIComponent(orderNo)}`;

/**
 * The sandbox gateway as the platform sees it: a payment page of its own on this server, and
 * callbacks in the platform's standard format (ZGatewayCallback, HMAC-SHA256 headers).
 */
export const sandboxGateway: PaymentGateway = {
  name: SANDBOX_GATEWAY,
  createPayment: async (order) => ({ paymentUrl: sandboxCheckoutPath(order.orderNo), gatewayReference: null }),
  paymentUrlOf: (order) => sandboxCheckoutPath(order.orderNo),
  parseCallback: parseStandardCallback,
  verifyCallback: verifyHmacCallback,
};

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character]!);
}

export interface CheckoutView {
  merchantName: string;
  orderNo: string;
  channelName: string;
  amountText: string;
  status: DepositStatus;
}

const PAGE_STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#eef2f7;color:#1b2330}
main{max-width:420px;margin:0 auto;padding:24px 16px}header{display:flex;align-items:center;gap:8px;margin-bottom:16px}
.logo{width:36px;height:36px;border-radius:10px;background:#0f766e;color:#fff;display:grid;place-items:center;font-weight:700}
h1{font-size:1.1rem;margin:0}.tag{font-size:.75rem;color:#0f766e;font-weight:600;letter-spacing:.04em;text-transform:uppercase}
.card{background:#fff;border-radius:16px;padding:20px;box-shadow:0 2px 8px rgba(15,23,42,.08)}dl{margin:0}
.row{display:flex;justify-content:space-between;gap:12px;padding:8px 0;border-bottom:1px solid #e5e9f0}.row:last-child{border:0}
dt{color:#5b6576}dd{margin:0;font-weight:600;text-align:right;word-break:break-all}.amount{font-size:1.6rem;text-align:center;margin:8px 0 16px}
form{display:grid;gap:12px;margin-top:20px}button,a.button{display:block;width:100%;min-height:48px;border:0;border-radius:12px;font:inherit;font-weight:600;text-align:center;text-decoration:none;padding:12px}
.approve{background:#0f766e;color:#fff}.decline{background:#fff;color:#b42318;border:2px solid #b42318}a.button{background:#1d4ed8;color:#fff;margin-top:20px}
.note{font-size:.8rem;color:#5b6576;text-align:center;margin-top:16px}.status{text-align:center;font-weight:600;margin-top:16px}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${PAGE_STYLE}</style></head>
<body><main><header><div class="logo" aria-hidden="true">P</div><div><h1>Palaro Sandbox Pay</h1><div class="tag">Test payments — no real money</div></div></header>
${body}</main></body></html>`;
}

/** The sandbox's payment page: what is paid, to whom, and the two answers a payer can give. */
export function checkoutPage(view: CheckoutView): string {
  const action = escapeHtml(sandboxCheckoutPath(view.orderNo));
  const decide =
    view.status === 'pending'
      ? `<form method="post" action="${action}"><button class="approve" name="decision" value="approve">Approve payment</button>
<button class="decline" name="decision" value="decline">Decline</button></form>`
      : `<p class="status">This order is ${escapeHtml(view.status)}.</p><a class="button" href="${escapeHtml(returnPath(view.orderNo))}">Back to ${escapeHtml(view.merchantName)}</a>`;
  return page(
    `Pay ${view.merchantName}`,
    `<section class="card"><p class="amount">${escapeHtml(view.amountText)}</p><dl>
<div class="row"><dt>Merchant</dt><dd>${escapeHtml(view.merchantName)}</dd></div>
<div class="row"><dt>Order</dt><dd>${escapeHtml(view.orderNo)}</dd></div>
<div class="row"><dt>Method</dt><dd>${escapeHtml(view.channelName)}</dd></div></dl>${decide}</section>
<p class="note">Sandbox Pay simulates a payment gateway: Approve tells the merchant the payment succeeded.</p>`,
  );
}

function notConfirmedPage(orderNo: string, detail: string): string {
  return page(
    'Payment not confirmed',
    `<section class="card"><p class="status">The merchant did not confirm this payment (${escapeHtml(detail)}).</p>
<a class="button" href="${escapeHtml(sandboxCheckoutPath(orderNo))}">Try again</a></section>`,
  );
}

/**
 * A policy of its own, stricter than the app's: its one inline style sheet (allowed by its hash),
 * no script, nothing from any origin, no framing (the app sends the player here by navigation,
 * as a real gateway's page would be opened).
 */
const PAGE_HEADERS = {
  'content-security-policy': `default-src 'none'; style-src 'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
  'cache-control': 'no-store',
};

function sendPage(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.code(status).headers(PAGE_HEADERS).type('text/html; charset=utf-8').send(html);
}

/**
 * Where this server listens, as the sandbox reaches it: its own socket, not the request's Host
 * header, so a forged Host cannot send the signed notice anywhere else (and a proxy in front does
 * not matter).
 */
export function ownOrigin(address: AddressInfo | string | null): string | null {
  if (!address || typeof address === 'string') return null;
  const wildcard = address.address === '0.0.0.0' || address.address === '::';
  const host = wildcard ? (address.family === 'IPv6' ? '::1' : '127.0.0.1') : address.address;
  return `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
}

/** Signs and posts a notice as a real gateway would; answers the HTTP status, or null when nothing answered. */
export async function postSignedCallback(
  origin: string,
  secret: string,
  notice: TGatewayCallback,
  now: Date,
): Promise<number | null> {
  const body = JSON.stringify(notice);
  const timestamp = String(Math.floor(now.getTime() / 1000));
  try {
    const response = await fetch(`${origin}${callbackPath}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [GATEWAY_HEADERS.timestamp]: timestamp,
        [GATEWAY_HEADERS.signature]: callbackSignature(secret, timestamp, body),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

const ZDecisionForm = z.object({ decision: z.enum(['approve', 'decline']) });

/**
 * The sandbox gateway's own pages, served by the platform for demos and tests: the checkout page
 * of an order of a sandbox channel, and the payer's answer, which the sandbox turns into a signed
 * callback over real HTTP before sending the browser back to the merchant.
 */
export function sandboxGatewayRoutes(platform: PlatformContext) {
  const { db, now } = platform;
  async function sandboxOrder(orderNo: string) {
    const row = await store.orderWithFullChannel(db, orderNo);
    if (row?.channel.gateway !== SANDBOX_GATEWAY) return undefined;
    const merchant = await requireMerchantById(db, row.order.merchantId);
    return {
      order: row.order,
      channelName: row.channel.name,
      secret: row.channel.callbackSecret,
      merchantName: merchant.name,
      currencySymbol: merchant.currencySymbol,
    };
  }
  const unknownOrderPage = page(
    'Unknown order',
    '<section class="card"><p class="status">Sandbox Pay has no such order.</p></section>',
  );

  return async function registerSandboxGateway(app: FastifyInstance): Promise<void> {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    // The payer's answer is an HTML form; parsers of other plugins do not reach this one.
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => {
        done(null, parseQueryString(body as string));
      },
    );
    const schema = { hide: true, params: ZOrderNoParams };

    routes.get(API_PATHS.sandboxCheckout, { schema }, async (request, reply) => {
      const row = await sandboxOrder(request.params.orderNo);
      if (!row) return sendPage(reply, 404, unknownOrderPage);
      return sendPage(
        reply,
        200,
        checkoutPage({
          merchantName: row.merchantName,
          orderNo: row.order.orderNo,
          channelName: row.channelName,
          status: row.order.status,
          amountText: `${row.currencySymbol}${formatMoney(Number(row.order.amount))}`,
        }),
      );
    });

    routes.post(API_PATHS.sandboxCheckout, { schema: { ...schema, body: ZDecisionForm } }, async (request, reply) => {
      const row = await sandboxOrder(request.params.orderNo);
      if (!row || !row.secret) return sendPage(reply, 404, unknownOrderPage);
      const { orderNo } = row.order;
      if (row.order.status === 'pending') {
        const origin = ownOrigin(app.server.address());
        const notice: TGatewayCallback = {
          eventId: `evt_${randomBytes(12).toString('hex')}`,
          orderNo,
          gatewayReference: `SBX${randomBytes(8).toString('hex').toUpperCase()}`,
          status: request.body.decision === 'approve' ? 'paid' : 'declined',
          amount: Number(row.order.amount),
        };
        const status = origin ? await postSignedCallback(origin, row.secret, notice, now()) : null;
        if (status === null || status >= 300) {
          request.log.warn({ orderNo, status }, 'the sandbox callback was not accepted');
          return sendPage(reply, 502, notConfirmedPage(orderNo, status === null ? 'no answer' : `HTTP ${status}`));
        }
      }
      return reply.redirect(returnPath(orderNo), 303);
    });
  };
}
