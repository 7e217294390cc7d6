import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { loadTexts } from '../shared/i18n';
import { TEXT_PARTS } from '../shared/i18n/parts';

// The app loads a language's texts before showing it (a chunk per part); tests start with all of both.
await Promise.all([loadTexts('TY', TEXT_PARTS), loadTexts('EN', TEXT_PARTS)]);

// findBy…/waitFor give up after 1 s by default; on a busy CI machine a lazy screen can take longer
// to appear, and a failure should mean it never appears, not that the machine was slow.
configure({ asyncUtilTimeout: 15_000 });

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // A test of what the server runs has no browser (// @vitest-environment node).
  if (typeof window === 'undefined') return;
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.removeAttribute('style');
});
