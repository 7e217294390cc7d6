import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { expectCurrentScreenAccessible } from './accessibility';
import { admin, freshIdentity } from './helpers';
import { screenshotFailures, settle, takenOver, type Phone } from './phone';
import { chooseLanguage, openPlayerPhone, registerByUsername } from './player';

const baseURL = inject('baseURL');
const operatorToken = inject('operatorToken');

/** A photo as a phone would hold it (640 × 480, some detail in it), drawn by the browser itself. */
async function photo(page: Page, kind: 'png' | 'jpeg', hue: number) {
  const bytes = await page.evaluate(
    async ({ kind, hue }) => {
      const canvas = new OffscreenCanvas(640, 480);
      const context = canvas.getContext('2d')!;
      context.fillStyle = `hsl(${hue} 70% 50%)`;
      context.fillRect(0, 0, 640, 480);
      context.fillStyle = '#F5C542';
      context.beginPath();
      context.arc(320, 240, 150, 0, Math.PI * 2);
      context.fill();
      const blob = await canvas.convertToBlob({ type: `image/${kind}` });
      return [...new Uint8Array(await blob.arrayBuffer())];
    },
    { kind, hue },
  );
  return {
    name: `photo-${hue}.${kind === 'png' ? 'png' : 'jpg'}`,
    mimeType: `image/${kind}`,
    buffer: Buffer.from(bytes),
  };
}

const screenText = (page: Page, testId: string) => () =>
  page
    .getByTestId(testId)
    .first()
    .innerText()
    .catch(() => '');

describe('feedback and the profile picture', () => {
  const session = {} as { phone: Phone; latestCaptcha: () => string };
  beforeAll(async () => {
    Object.assign(session, await openPlayerPhone(baseURL));
  });
  afterAll(async () => {
    await session.phone.close();
  });
  screenshotFailures(() => session.phone);

  it('sends feedback with two images and reads the operator’s answer on the screen', async () => {
    const { phone, latestCaptcha } = session;
    const { page } = phone;
    const { username } = freshIdentity();
    await registerByUsername(page, baseURL, latestCaptcha, username, 'Sunrise2026');

    await page.goto('/m/feedback');
    await takenOver(page);
    await page.getByTestId('feedback-form').waitFor();
    await settle(page);
    await phone.screenshot('feedback-form-empty');
    await expectCurrentScreenAccessible(page);

    await page.getByTestId('feedback-category-deposit').check();
    await page.getByTestId('feedback-content').fill('too short');
    expect(await screenText(page, 'feedback-word-count')()).toContain('2');
    await page.getByTestId('feedback-submit').click();
    expect(await screenText(page, 'field-error-content')()).toMatch(/5.*300/);

    await page
      .getByTestId('feedback-content')
      .fill('Matagal pumasok ang deposito ko kanina sa GCash, mga tatlumpung minuto bago lumabas sa balance.');
    await page
      .getByTestId('feedback-image-input')
      .setInputFiles([await photo(page, 'png', 40), await photo(page, 'jpeg', 200)]);
    await expect.poll(() => page.locator('.fb-thumb--ready').count()).toBe(2);
    await page.getByTestId('feedback-images').scrollIntoViewIfNeeded();
    await settle(page);
    await phone.screenshot('feedback-form-filled');
    await expectCurrentScreenAccessible(page);

    const sent = page.waitForResponse(
      (response) => response.url().endsWith('/wps/feedback') && response.request().method() === 'PUT',
    );
    await page.getByTestId('feedback-submit').click();
    const feedbackId = ((await (await sent).json()) as { value: { id: number } }).value.id;
    await page.getByTestId('feedback-list').waitFor();
    expect(await page.getByTestId('feedback-status').first().getAttribute('class')).toContain('pending');
    await expect.poll(() => page.locator('.fb-item__image').count()).toBe(2);
    // The images come back from the server, to their owner.
    await expect
      .poll(() =>
        page
          .locator('.fb-item__image')
          .evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth === 640)),
      )
      .toBe(true);

    const answer = 'Salamat sa ulat! Naayos na namin ang pagkaantala ng GCash deposits.';
    expect(admin(baseURL, operatorToken, 'feedback', 'answer', String(feedbackId), '--message', answer)).toContain(
      'answered',
    );
    await page.reload();
    await takenOver(page);
    await page.getByTestId('feedback-tab-mine').click();
    await expect.poll(screenText(page, 'feedback-answer')).toContain(answer);
    await settle(page);
    await phone.screenshot('feedback-answered');
    await expectCurrentScreenAccessible(page);
  });

  it('changes the profile picture to one of ours, then to an uploaded photo', async () => {
    const { phone } = session;
    const { page } = phone;
    await page.goto('/m/mine');
    await takenOver(page);
    const icon = page.getByTestId('mine-head-icon');
    await expect.poll(() => icon.getAttribute('data-icon')).toBeTruthy();
    await icon.click();
    await page.getByTestId('head-icon-sheet').waitFor();
    await settle(page);
    await phone.screenshot('profile-picture-sheet');
    await expectCurrentScreenAccessible(page);

    await page.getByTestId('head-icon-option-tarsier').click();
    await page.getByTestId('head-icon-sheet').waitFor({ state: 'detached' });
    await expect.poll(() => icon.getAttribute('data-icon')).toBe('tarsier');
    await settle(page);
    await phone.screenshot('profile-picture-avatar');

    await icon.click();
    await page.getByTestId('head-icon-input').setInputFiles([await photo(page, 'jpeg', 120)]);
    await page.getByTestId('head-icon-sheet').waitFor({ state: 'detached' });
    await expect.poll(() => icon.getAttribute('data-icon')).toBe('upload');
    await expect
      .poll(() => icon.locator('img').evaluate((image) => (image as HTMLImageElement).naturalWidth))
      .toBe(256);
    await page.reload();
    await takenOver(page);
    await expect.poll(() => page.getByTestId('mine-head-icon').getAttribute('data-icon')).toBe('upload');
    await settle(page);
    await phone.screenshot('profile-picture-upload');
  });

  it('shows the same screens in English', async () => {
    const { phone } = session;
    const { page } = phone;
    await chooseLanguage(page, 'EN');
    await page.goto('/m/feedback');
    await takenOver(page);
    await page.getByTestId('feedback-form').waitFor();
    expect(await screenText(page, 'feedback-word-count')()).toContain('between 5 and 300 words');
    await settle(page);
    await phone.screenshot('feedback-form-en');
    await page.getByTestId('feedback-tab-mine').click();
    await expect.poll(screenText(page, 'feedback-answer')).toContain('Salamat');
    await settle(page);
    await phone.screenshot('feedback-answered-en');
    await page.goto('/m/mine');
    await takenOver(page);
    await page.getByTestId('mine-head-icon').click();
    await page.getByTestId('head-icon-sheet').waitFor();
    await settle(page);
    await phone.screenshot('profile-picture-sheet-en');
    await expectCurrentScreenAccessible(page);
  });
});
