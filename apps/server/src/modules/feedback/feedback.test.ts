import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, feedbackImagePath, operatorPath, UPLOAD_MAX_BYTES, FEEDBACK_API_PATHS } from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import type { AccountsClient } from '../accounts/testing';
import { auditTrail } from '../audit/service';
import { changeSettings } from '../settings/service';
import { DEMO_MERCHANT_ID, registeredMember } from '../wallet/testing';
import { notificationsOf } from '../withdrawals/testing';
import { feedback, feedbackImages } from './schema';
import { removeAbandonedImages } from './service';
import { fileStorageOf } from '../../platform/file-storage';
import { feedbackSettings } from './settings';
import { EXECUTABLE_BYTES, testJpeg, testPng } from './testing';
import { feedbackCommands } from './commands';

let testApp: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'palaro-feedback-'));
  testApp = await createTestApp({ DATA_DIR: dataDir });
});
afterEach(async () => {
  await changeSettings(testApp.db.db, DEMO_MERCHANT_ID, feedbackSettings, feedbackSettings.defaults);
});
afterAll(async () => {
  await testApp?.close();
});

const storedFiles = () => {
  try {
    return readdirSync(path.join(dataDir, 'uploads', 'feedback')).length;
  } catch {
    return 0;
  }
};
const feedbackRows = () => testApp.db.db.select().from(feedback);
const imageRows = () => testApp.db.db.select().from(feedbackImages);
const operator = { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` };
const GOOD_TEXT = 'The deposit page took a long time to load today';

function upload(client: AccountsClient, bytes: Buffer, contentType = 'application/octet-stream') {
  return client.request('POST', FEEDBACK_API_PATHS.feedbackImages, bytes, { 'content-type': contentType });
}
async function uploaded(client: AccountsClient, bytes: Buffer): Promise<string> {
  const response = await upload(client, bytes);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.imageId as string;
}
function send(client: AccountsClient, body: Record<string, unknown>) {
  return client.request('PUT', FEEDBACK_API_PATHS.feedback, { category: 'deposit', content: GOOD_TEXT, ...body });
}

describe('feedback images', () => {
  it('keeps a PNG and a JPEG, told apart by their bytes whatever type was declared', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    const png = await upload(client, await testPng(), 'image/jpeg');
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json().value).toMatchObject({ contentType: 'image/png' });
    const jpeg = await upload(client, await testJpeg(), 'image/png');
    expect(jpeg.json().value).toMatchObject({ contentType: 'image/jpeg' });
  });

  it('refuses a renamed executable, a fake header, an empty body and an image over 5 MB, storing nothing', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    const before = { files: storedFiles(), rows: (await imageRows()).length };
    const refusals = [
      [EXECUTABLE_BYTES, 'image/png', 415, ERROR_CODES.imageType, 'in_upload_image_type'],
      [EXECUTABLE_BYTES, 'application/x-msdownload', 415, ERROR_CODES.imageType, 'in_upload_image_type'],
      // PNG's signature and then nothing an image decoder can read.
      [
        Buffer.concat([(await testPng()).subarray(0, 8), EXECUTABLE_BYTES]),
        'image/png',
        400,
        ERROR_CODES.imageUnreadable,
        'in_upload_image_type',
      ],
      [Buffer.alloc(0), 'application/octet-stream', 415, ERROR_CODES.imageType, 'in_upload_image_type'],
      [
        Buffer.concat([await testPng(), Buffer.alloc(UPLOAD_MAX_BYTES)]),
        'image/png',
        413,
        ERROR_CODES.imageSize,
        'in_upload_image_size',
      ],
    ] as const;
    for (const [bytes, type, status, code] of refusals) {
      const response = await upload(client, bytes, type);
      expect(response.statusCode, `${type} ${response.body}`).toBe(status);
      expect(response.json()).toMatchObject({ success: false, errorCode: code });
    }
    expect({ files: storedFiles(), rows: (await imageRows()).length }).toEqual(before);
  });

  it('serves an image to its owner only, and lets the owner remove one not yet sent', async () => {
    const owner = await registeredMember(testApp.app, testApp.db);
    const other = await registeredMember(testApp.app, testApp.db);
    const bytes = await testPng(3);
    const imageId = await uploaded(owner.client, bytes);
    const own = await owner.client.request('GET', feedbackImagePath(imageId));
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(bytes)).toBe(true);
    expect((await other.client.request('GET', feedbackImagePath(imageId))).statusCode).toBe(404);
    expect((await other.client.request('DELETE', feedbackImagePath(imageId))).statusCode).toBe(404);
    expect((await owner.client.request('DELETE', feedbackImagePath(imageId))).statusCode).toBe(200);
    expect((await owner.client.request('GET', feedbackImagePath(imageId))).statusCode).toBe(404);
  });
});

describe('sending feedback', () => {
  it('files the feedback with its images, listed for its member with its status', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    const imageIds = [await uploaded(client, await testPng(1)), await uploaded(client, await testJpeg(2))];
    const sent = await send(client, { category: 'games', imageIds });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value).toMatchObject({ category: 'games', status: 'pending', imageIds, answer: null });
    const page = (await client.request('GET', FEEDBACK_API_PATHS.feedback)).json().value;
    expect(page.rules).toMatchObject({ minWords: 5, maxWords: 300, maxImages: 3, maxImageBytes: UPLOAD_MAX_BYTES });
    expect(page.list).toHaveLength(1);
    expect(page.list[0]).toMatchObject({ content: GOOD_TEXT, imageIds });
    // Sent images are the feedback's: they can no longer be removed or sent again.
    expect((await client.request('DELETE', feedbackImagePath(imageIds[0]!))).statusCode).toBe(404);
    expect((await send(client, { imageIds: [imageIds[0]] })).json().errorCode).toBe(ERROR_CODES.feedbackImageUnknown);
  });

  it('refuses content outside the merchant’s word bounds and a fourth image, storing nothing', async () => {
    await changeSettings(testApp.db.db, DEMO_MERCHANT_ID, feedbackSettings, { contentMinWords: 3, contentMaxWords: 6 });
    const { client } = await registeredMember(testApp.app, testApp.db);
    const imageIds: string[] = [];
    for (let seed = 0; seed < 4; seed += 1) imageIds.push(await uploaded(client, await testPng(seed)));
    const before = (await feedbackRows()).length;

    const tooShort = await send(client, { content: 'too short' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.json()).toMatchObject({
      errorCode: ERROR_CODES.feedbackWords,
      message: 'Feedback content must be between 3 and 6 words',
      value: { minWords: 3, maxWords: 6 },
    });
    const tooLong = await send(client, { content: 'one two three four five six seven' });
    expect(tooLong.json().errorCode).toBe(ERROR_CODES.feedbackWords);
    expect((await send(client, { content: '      ' })).json().errorCode).toBe(ERROR_CODES.feedbackWords);
    const fourth = await send(client, { content: 'three words here', imageIds });
    expect(fourth.statusCode).toBe(400);
    expect(fourth.json()).toMatchObject({ errorCode: ERROR_CODES.feedbackTooManyImages, value: { maxImages: 3 } });
    const unknownCategory = await send(client, { category: 'lottery-jackpot' });
    expect(unknownCategory.statusCode).toBe(400);

    expect((await feedbackRows()).length).toBe(before);
    // The images wait, unattached, so the corrected feedback can take them.
    const waiting = (await imageRows()).filter((row) => imageIds.includes(row.publicId));
    expect(waiting.every((row) => row.feedbackId === null)).toBe(true);
    expect((await send(client, { content: 'three words here', imageIds: imageIds.slice(0, 3) })).statusCode).toBe(200);
  });

  it('does not take another member’s image', async () => {
    const owner = await registeredMember(testApp.app, testApp.db);
    const other = await registeredMember(testApp.app, testApp.db);
    const imageId = await uploaded(owner.client, await testPng(5));
    const response = await send(other.client, { imageIds: [imageId] });
    expect(response.json().errorCode).toBe(ERROR_CODES.feedbackImageUnknown);
  });

  it('refuses a member with too many images waiting, and the clean-up removes abandoned ones', async () => {
    const member = await registeredMember(testApp.app, testApp.db);
    for (let seed = 0; seed < 9; seed += 1) await uploaded(member.client, await testPng(seed));
    const refused = await upload(member.client, await testPng(10));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe(ERROR_CODES.pendingLimit);
    const files = storedFiles();
    const removed = await removeAbandonedImages(
      testApp.db.db,
      fileStorageOf(testApp.config),
      new Date(Date.now() + 25 * 60 * 60 * 1000),
    );
    expect(removed).toBeGreaterThanOrEqual(9);
    expect(storedFiles()).toBe(files - removed);
    expect((await imageRows()).filter((row) => row.memberId === member.memberId)).toEqual([]);
  });
});

describe('the operator’s answer', () => {
  it('is shown with the feedback, sent to the inbox and audited, once', async () => {
    const member = await registeredMember(testApp.app, testApp.db);
    const imageId = await uploaded(member.client, await testJpeg(7));
    const sent = (await send(member.client, { category: 'withdrawal', imageIds: [imageId] })).json().value;

    const queue = await testApp.app.inject({
      method: 'GET',
      url: `${operatorPath(FEEDBACK_API_PATHS.operatorFeedback, 'PALARO')}?status=pending`,
      headers: operator,
    });
    expect(queue.json().value.list.find((item: { id: number }) => item.id === sent.id)).toMatchObject({
      username: member.username,
      imageIds: [imageId],
    });
    const image = await testApp.app.inject({
      method: 'GET',
      url: operatorPath(FEEDBACK_API_PATHS.operatorFeedbackImage, 'PALARO').replace(':imageId', imageId),
      headers: operator,
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');

    const answerUrl = operatorPath(FEEDBACK_API_PATHS.operatorFeedbackAnswer, 'PALARO').replace(':id', String(sent.id));
    const answer = 'Salamat! Naayos na namin ang withdrawal page.';
    const answered = await testApp.app.inject({
      method: 'POST',
      url: answerUrl,
      headers: operator,
      payload: { answer },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json().value).toMatchObject({
      status: 'answered',
      answer,
      answeredBy: expect.stringMatching(/^operator:/),
    });
    const again = await testApp.app.inject({
      method: 'POST',
      url: answerUrl,
      headers: operator,
      payload: { answer: 'x' },
    });
    expect(again.statusCode).toBe(409);

    const page = (await member.client.request('GET', FEEDBACK_API_PATHS.feedback)).json().value;
    expect(page.list[0]).toMatchObject({ id: sent.id, status: 'answered', answer });
    const notices = await notificationsOf(testApp.db, member.memberId);
    expect(notices.filter((notice) => notice.kind === 'feedback.answered')).toEqual([
      expect.objectContaining({ payload: { feedbackId: sent.id, category: 'withdrawal', answer } }),
    ]);
    const audit = (await auditTrail(testApp.db.db, DEMO_MERCHANT_ID)).filter((row) => row.action === 'feedback.answer');
    expect(audit).toHaveLength(1);
  });

  it('needs the operator token', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: operatorPath(FEEDBACK_API_PATHS.operatorFeedback, 'PALARO'),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('npm run admin feedback', () => {
  async function run(words: string[], options: Record<string, string> = {}) {
    const command =
      feedbackCommands.find((candidate) => candidate.name === words.slice(0, 2).join(' ')) ??
      feedbackCommands.find((candidate) => candidate.name === words[0])!;
    const request = command.request({
      args: words.slice(command.name.split(' ').length),
      options,
      merchantPath: (template) => operatorPath(template, 'PALARO'),
    });
    const response = await testApp.app.inject({
      method: request.method,
      url: request.path,
      headers: operator,
      ...(request.body === undefined ? {} : { payload: request.body as object }),
    });
    expect(response.statusCode, response.body).toBe(200);
    return request.render(response.json().value);
  }

  it('lists pending feedback and answers one', async () => {
    const member = await registeredMember(testApp.app, testApp.db);
    const sent = (await send(member.client, { content: 'Please add more lottery games soon' })).json().value;
    expect(await run(['feedback'], { status: 'pending' })).toContain(
      `#${sent.id}  pending   deposit     ${member.username}`,
    );
    const answered = await run(['feedback', 'answer', String(sent.id)], {
      message: 'Darating na po sa susunod na linggo.',
    });
    expect(answered).toContain('answer (operator:');
    expect(() => feedbackCommands[1]!.request({ args: [], options: {}, merchantPath: (t) => t })).toThrow(
      /feedback number/,
    );
  });
});

describe('npm run admin feedback words', () => {
  it('shows and changes the merchant’s word bounds, audited, and the form follows them', async () => {
    const run = async (args: string[]) => {
      const request = feedbackCommands
        .find((command) => command.name === 'feedback words')!
        .request({ args, options: {}, merchantPath: (template) => operatorPath(template, 'PALARO') });
      const response = await testApp.app.inject({
        method: request.method,
        url: request.path,
        headers: operator,
        ...(request.body === undefined ? {} : { payload: request.body as object }),
      });
      return { response, text: response.statusCode === 200 ? request.render(response.json().value) : '' };
    };
    expect((await run([])).text).toBe('Feedback content: between 5 and 300 words');
    expect((await run(['2', '4'])).text).toBe('Feedback content: between 2 and 4 words');
    const { client } = await registeredMember(testApp.app, testApp.db);
    expect((await client.request('GET', FEEDBACK_API_PATHS.feedback)).json().value.rules).toMatchObject({
      minWords: 2,
      maxWords: 4,
    });
    const inverted = await run(['9', '3']);
    expect(inverted.response.statusCode).toBe(400);
    expect((await run([])).text).toBe('Feedback content: between 2 and 4 words');
    const audit = (await auditTrail(testApp.db.db, DEMO_MERCHANT_ID)).filter(
      (row) => row.action === 'feedback.settings.update',
    );
    expect(audit).toHaveLength(1);
  });
});
