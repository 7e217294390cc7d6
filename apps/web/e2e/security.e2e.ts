import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { dismissPopups } from './helpers';
import { openPhone, takePolicyErrors, type Phone } from './phone';

const baseURL = inject('baseURL');

describe('the Content-Security-Policy in a real browser', () => {
  let phone: Phone;
  beforeAll(async () => {
    phone = await openPhone(baseURL);
  });
  afterAll(async () => {
    await phone.close();
  });

  it('serves the app page under a policy of our own scripts and styles, and the app runs under it', async () => {
    const response = await fetch(`${baseURL}/m/home`, { headers: { accept: 'text/html' } });
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain('unsafe-inline');
    const { page } = phone;
    await page.goto('/m/home');
    await dismissPopups(page);
    await page.getByTestId('bottom-menu').waitFor({ state: 'visible' });
  });

  it('refuses a script or a style injected into the page, and the check sees it', async () => {
    const { page } = phone;
    await page.goto('/m/home');
    await page.getByTestId('bottom-menu').waitFor({ state: 'visible' });
    takePolicyErrors();
    const ran = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true';
      document.body.append(script);
      const style = document.createElement('style');
      style.textContent = 'body { outline: 3px solid red }';
      document.head.append(style);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return {
        script: (window as { __injected?: boolean }).__injected === true,
        outline: getComputedStyle(document.body).outlineStyle,
      };
    });
    expect(ran).toEqual({ script: false, outline: 'none' });
    await expect.poll(() => takePolicyErrors().join('\n')).toMatch(/Content Security Policy/);
  });

  it('keeps what was typed out of the address when the sign-in is submitted before the app has taken the page over', async () => {
    const bare = await openPhone(baseURL);
    try {
      // No script of the app: the screen the server drew is all there is, as in the moment before the takeover.
      await bare.context.route('**/assets/*.js', (route) => route.abort());
      const { page } = bare;
      await page.goto('/m/login');
      await page.getByTestId('login-username').fill('early01');
      await page.getByTestId('login-password').fill('typed-before-the-app');
      const answer = page.waitForResponse((response) => response.request().method() === 'POST');
      await page.getByTestId('login-submit').click();
      expect((await answer).status()).toBe(303);
      await page.waitForLoadState('load');
      const address = new URL(page.url());
      expect(address.pathname).toBe('/m/login');
      expect(address.search).not.toContain('typed-before-the-app');
      expect(address.search).not.toContain('password');
      await page.getByTestId('login-form').waitFor({ state: 'visible' });
    } finally {
      await bare.close();
    }
  });

  it('cannot be framed by another site', async () => {
    const page = await phone.context.newPage();
    // about:blank stands for a stranger's page: another origin than the app's.
    await page.setContent(`<iframe id="framed" src="${baseURL}/m/home"></iframe>`);
    const framed = page.frameLocator('#framed');
    await expect.poll(() => takePolicyErrors().join('\n')).toMatch(/frame-ancestors 'none'/);
    expect(await framed.getByTestId('bottom-menu').count()).toBe(0);
    await page.close();
  });

  it('lets the API documentation render', async () => {
    const { page } = phone;
    await page.goto('/docs');
    await page.locator('.swagger-ui .info .title').waitFor({ state: 'visible' });
    expect(await page.locator('.swagger-ui .info .title').innerText()).toContain('Palaro API');
  });
});
