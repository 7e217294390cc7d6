import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, FEEDBACK_API_PATHS, feedbackImagePath, operatorPath, PROFILE_API_PATHS } from '@palaro/contract';
import { s3Storage } from '../../platform/file-storage';
import { startTestS3Server, type TestS3Server } from '../../platform/testing/s3-server';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { memberHeadIcons } from '../profile/schema';
import { registeredMember } from '../wallet/testing';
import { feedback, feedbackImages } from './schema';
import { testJpeg, testPng } from './testing';

// Feedback images and profile pictures through the real API with FILE_STORAGE=s3, the store a
// fake S3 server (s3rver) that is stopped in the last test.
let s3: TestS3Server;
let testApp: TestApp;
let dataDir: string;
let s3Running = true;
beforeAll(async () => {
  s3 = await startTestS3Server();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'palaro-feedback-s3-'));
  testApp = await createTestApp({ DATA_DIR: dataDir, ...s3.env, S3_TIMEOUT_MS: '2000' });
});
afterAll(async () => {
  await testApp?.close();
  if (s3Running) await s3?.close();
});

const UNAVAILABLE = {
  success: false,
  errorCode: ERROR_CODES.upstreamUnavailable,
  message: 'Uploaded files cannot be reached right now, try again shortly',
  value: { retryAfterSeconds: 5 },
};

type Client = Awaited<ReturnType<typeof registeredMember>>['client'];
const upload = (client: Client, bytes: Buffer) =>
  client.request('POST', FEEDBACK_API_PATHS.feedbackImages, bytes, { 'content-type': 'application/octet-stream' });

describe('uploaded files in an S3-compatible object store', () => {
  it('files a feedback with an image kept in the bucket, shown to its member and the operator', async () => {
    expect(testApp.config.fileStorage.kind).toBe('s3');
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const bytes = await testPng(5);
    const uploaded = await upload(client, bytes);
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const { imageId } = uploaded.json().value as { imageId: string };

    const sent = await client.request('PUT', FEEDBACK_API_PATHS.feedback, {
      category: 'deposit',
      content: 'The deposit page took a long time to load today',
      imageIds: [imageId],
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().value).toMatchObject({ status: 'pending', imageIds: [imageId] });

    // The bytes are in the bucket, under the key the row keeps, and not on the local disk.
    const [row] = await testApp.db.db.select().from(feedbackImages).where(eq(feedbackImages.publicId, imageId));
    expect(row).toMatchObject({ memberId });
    expect(await s3Storage(s3.settings).get(row!.storageKey)).toEqual(bytes);
    expect(() => readdirSync(path.join(dataDir, 'uploads'))).toThrow();

    const own = await client.request('GET', feedbackImagePath(imageId));
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.rawPayload.equals(bytes)).toBe(true);
    const seen = await testApp.app.inject({
      method: 'GET',
      url: operatorPath(FEEDBACK_API_PATHS.operatorFeedbackImage, 'PALARO').replace(':imageId', imageId),
      headers: { authorization: `Bearer ${TEST_OPERATOR_TOKEN}` },
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.rawPayload.equals(bytes)).toBe(true);
  });

  it('removes an image not sent from the bucket, and keeps a profile picture there', async () => {
    const { client } = await registeredMember(testApp.app, testApp.db);
    const { imageId } = (await upload(client, await testJpeg(3))).json().value as { imageId: string };
    const [row] = await testApp.db.db.select().from(feedbackImages).where(eq(feedbackImages.publicId, imageId));
    expect((await client.request('DELETE', feedbackImagePath(imageId))).statusCode).toBe(200);
    expect(await s3Storage(s3.settings).get(row!.storageKey)).toBeNull();

    const picture = await client.request('POST', PROFILE_API_PATHS.headIconImage, await testPng(2, 64, 64), {
      'content-type': 'application/octet-stream',
    });
    expect(picture.statusCode, picture.body).toBe(200);
    const shown = await client.request('GET', PROFILE_API_PATHS.headIconImage);
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
  });

  it('while the store is down, refuses uploads with a clear 503 and stores nothing; images already sent answer 503, not 404', async () => {
    const { client, memberId } = await registeredMember(testApp.app, testApp.db);
    const { imageId } = (await upload(client, await testPng(7))).json().value as { imageId: string };
    await s3.close();
    s3Running = false;

    const refused = await upload(client, await testPng(8));
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toEqual(UNAVAILABLE);
    const picture = await client.request('POST', PROFILE_API_PATHS.headIconImage, await testPng(9, 64, 64), {
      'content-type': 'application/octet-stream',
    });
    expect(picture.statusCode).toBe(503);
    expect(picture.json()).toEqual(UNAVAILABLE);
    const image = await client.request('GET', feedbackImagePath(imageId));
    expect(image.statusCode).toBe(503);
    expect(image.json()).toEqual(UNAVAILABLE);

    // Only the image uploaded before the outage has a row; no feedback, no picture.
    const images = await testApp.db.db.select().from(feedbackImages).where(eq(feedbackImages.memberId, memberId));
    expect(images.map((row) => row.publicId)).toEqual([imageId]);
    expect(await testApp.db.db.select().from(feedback).where(eq(feedback.memberId, memberId))).toEqual([]);
    expect(await testApp.db.db.select().from(memberHeadIcons).where(eq(memberHeadIcons.memberId, memberId))).toEqual(
      [],
    );
  });
});
