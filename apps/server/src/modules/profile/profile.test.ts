import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAvatarOf, ERROR_CODES, PROFILE_PICTURE_SIZE, PROFILE_API_PATHS } from '@palaro/contract';
import { createTestApp, type TestApp } from '../../test-app';
import type { AccountsClient } from '../accounts/testing';
import { registeredMember } from '../wallet/testing';
import { EXECUTABLE_BYTES, testJpeg, testPng } from '../feedback/testing';

let testApp: TestApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'palaro-profile-'));
  testApp = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await testApp?.close();
});

const storedPictures = () => {
  try {
    return readdirSync(path.join(dataDir, 'uploads', 'head-icons')).length;
  } catch {
    return 0;
  }
};
const choose = (client: AccountsClient, avatar: string) =>
  client.request('POST', PROFILE_API_PATHS.headIcon, `avatar=${encodeURIComponent(avatar)}`, {
    'content-type': 'application/x-www-form-urlencoded',
  });
const uploadPicture = (client: AccountsClient, bytes: Buffer) =>
  client.request('POST', PROFILE_API_PATHS.headIconImage, bytes, { 'content-type': 'application/octet-stream' });

describe('the head icon', () => {
  it('starts as the member’s default avatar and changes to the one chosen (form-urlencoded)', async () => {
    const member = await registeredMember(testApp.app, testApp.db);
    const first = await member.client.request('GET', PROFILE_API_PATHS.headIcon);
    expect(first.json().value).toEqual({ kind: 'avatar', avatar: defaultAvatarOf(member.memberId) });
    const chosen = await choose(member.client, 'tarsier');
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((await member.client.request('GET', PROFILE_API_PATHS.headIcon)).json().value).toEqual({
      kind: 'avatar',
      avatar: 'tarsier',
    });
    const unknown = await choose(member.client, '../../etc/passwd');
    expect(unknown.statusCode).toBe(400);
  });

  it('keeps an uploaded picture as a small square WebP, shown to its owner only', async () => {
    const member = await registeredMember(testApp.app, testApp.db);
    const other = await registeredMember(testApp.app, testApp.db);
    const uploaded = await uploadPicture(member.client, await testJpeg(1, 900, 600));
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(uploaded.json().value).toMatchObject({ kind: 'upload' });
    const picture = await member.client.request('GET', PROFILE_API_PATHS.headIconImage);
    expect(picture.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(picture.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: PROFILE_PICTURE_SIZE, height: PROFILE_PICTURE_SIZE });
    expect((await other.client.request('GET', PROFILE_API_PATHS.headIconImage)).statusCode).toBe(404);

    // A new picture replaces the old file; choosing an avatar removes it.
    const files = storedPictures();
    await uploadPicture(member.client, await testPng(2, 300, 300));
    expect(storedPictures()).toBe(files);
    await choose(member.client, 'sun');
    expect(storedPictures()).toBe(files - 1);
    expect((await member.client.request('GET', PROFILE_API_PATHS.headIconImage)).statusCode).toBe(404);
  });

  it('refuses what is not a PNG or JPEG by content, and anything over 5 MB, storing nothing', async () => {
    const member = await registeredMember(testApp.app, testApp.db);
    const files = storedPictures();
    const exe = await uploadPicture(member.client, EXECUTABLE_BYTES);
    expect(exe.statusCode).toBe(415);
    expect(exe.json().errorCode).toBe(ERROR_CODES.imageType);
    const webp = await sharp(await testPng())
      .webp()
      .toBuffer();
    expect((await uploadPicture(member.client, webp)).json().errorCode).toBe(ERROR_CODES.imageType);
    const large = await uploadPicture(member.client, Buffer.concat([await testPng(), Buffer.alloc(5 * 1024 * 1024)]));
    expect(large.statusCode).toBe(413);
    expect(storedPictures()).toBe(files);
    expect((await member.client.request('GET', PROFILE_API_PATHS.headIcon)).json().value.kind).toBe('avatar');
  });
});
