import { StrictMode } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_PATHS, SERVER_RENDERED_ATTRIBUTE, STORAGE_KEYS, type Language, type TWebBoot } from '@palaro/contract';
import { App } from '../App';
import { renderFirstScreen } from '../../serverRender';
import { mockApi, requestsTo } from '../../test/render';
import { loginResult, SERVER_DRAWN_CASES, signIn, startupResponse } from '../../test/fixtures';
import { takesOverServerScreen } from './boot';

// The body is sent as given (the encryption itself is tested in shared/api/encrypted.test.ts).
vi.mock('../../shared/api/encrypted', async () => {
  const client = await import('../../shared/api/client');
  return {
    apiEncrypted: (method: 'POST' | 'PUT', path: string, payload: unknown, options: object = {}) =>
      client.apiRequest(method, path, { ...options, json: payload }),
  };
});

function guestBoot(language: Language): TWebBoot {
  return { language, startup: startupResponse(), imageCdnStart: 0 };
}

function serverDrawn(html: string): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the app takes over the screen the server drew', () => {
  it.each(SERVER_DRAWN_CASES)('%s in %s: the same elements, no mismatch', async (path, language, testId) => {
    mockApi();
    if (language === 'EN') localStorage.setItem(STORAGE_KEYS.language, 'EN');
    const boot = guestBoot(language);
    const screen = await renderFirstScreen(path, boot);
    const root = serverDrawn(screen!.body);
    const drawn = root.querySelector(`[data-testid="${testId}"]`);
    expect(drawn).not.toBeNull();
    window.history.replaceState(null, '', path);
    expect(takesOverServerScreen(root, boot, language)).toBe(true);
    // React reports a mismatch (text, or in this development build an attribute) on the console.
    const errors = vi.spyOn(console, 'error');
    const recoverable = vi.fn();
    const app = await act(async () =>
      hydrateRoot(
        root,
        <StrictMode>
          <App boot={boot} language={language} />
        </StrictMode>,
        { onRecoverableError: recoverable },
      ),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(root.querySelector(`[data-testid="${testId}"]`)).toBe(drawn);
    act(() => app.unmount());
  });

  it('keeps what the player typed (or the browser filled in) before the app took over, and signs in with it', async () => {
    const fetchMock = mockApi({ routes: { [`POST ${API_PATHS.login}`]: loginResult() } });
    const boot = guestBoot('TY');
    const root = serverDrawn((await renderFirstScreen('/m/login', boot))!.body);
    window.history.replaceState(null, '', '/m/login');
    (root.querySelector('[data-testid="login-username"]') as HTMLInputElement).value = 'juan2024';
    (root.querySelector('[data-testid="login-password"]') as HTMLInputElement).value = 'S3cret!pass';
    (root.querySelector('[data-testid="remember-me"]') as HTMLInputElement).checked = true;
    const app = await act(async () =>
      hydrateRoot(
        root,
        <StrictMode>
          <App boot={boot} language="TY" />
        </StrictMode>,
      ),
    );
    fireEvent.click(screen.getByTestId('login-submit'));
    await waitFor(() => expect(requestsTo(fetchMock, API_PATHS.login)).toHaveLength(1));
    expect(requestsTo(fetchMock, API_PATHS.login)[0]!.body).toMatchObject({
      username: 'juan2024',
      password: 'S3cret!pass',
      rememberMe: true,
    });
    act(() => app.unmount());
  });

  it("draws its own when the browser's first screen would differ: an account kept, another language, no server screen", () => {
    const boot = guestBoot('TY');
    const root = serverDrawn('<div class="app"></div>');
    expect(takesOverServerScreen(root, boot, 'TY')).toBe(true);
    expect(takesOverServerScreen(root, boot, 'EN')).toBe(false);
    expect(takesOverServerScreen(root, null, 'TY')).toBe(false);
    root.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
    expect(takesOverServerScreen(root, boot, 'TY')).toBe(false);
    root.setAttribute(SERVER_RENDERED_ATTRIBUTE, '');
    signIn();
    expect(takesOverServerScreen(root, boot, 'TY')).toBe(false);
    localStorage.clear();
    localStorage.setItem(
      'rememberLogin',
      JSON.stringify({ type: 'username', username: 'juan123', countryDialingCode: '+63' }),
    );
    expect(takesOverServerScreen(root, boot, 'TY')).toBe(false);
    localStorage.clear();
    localStorage.setItem(STORAGE_KEYS.autoLogin, '1');
    expect(takesOverServerScreen(root, boot, 'TY')).toBe(false);
  });
});
