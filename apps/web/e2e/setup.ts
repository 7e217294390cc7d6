import { afterEach, expect } from 'vitest';
import { takePolicyErrors } from './phone';

// Every browser test runs with the server's Content-Security-Policy and Permissions-Policy on: a
// script, style or image the browser refused during a test fails that test.
afterEach(() => {
  const errors = takePolicyErrors();
  expect(errors, `the browser refused what a policy forbids:\n${errors.join('\n')}`).toEqual([]);
});
