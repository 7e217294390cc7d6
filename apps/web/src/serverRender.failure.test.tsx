// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { renderFirstScreen } from './serverRender';
import { startupResponse } from './test/fixtures';

vi.mock('./features/accounts/ForgetScreen', () => ({
  default: () => {
    throw new Error('a screen that cannot be drawn here');
  },
}));

describe('a first screen the server cannot draw', () => {
  it('is refused, not sent as a loading state the browser would draw again', async () => {
    await expect(
      renderFirstScreen('/m/forget', { language: 'TY', startup: startupResponse(), imageCdnStart: 0 }),
    ).rejects.toThrow(/could not be drawn/);
  });
});
