import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, feedbackImagePath, FEEDBACK_API_PATHS, PROFILE_API_PATHS } from '@palaro/contract';
import { createTestApp, type TestApp } from '../../test-app';
import { AccountsClient } from '../accounts/testing';
import { registeredMember } from '../wallet/testing';
import { testPng } from './testing';

/**
 * Every member endpoint of feedback and the head icon, called by a guest, a trial member, another
 * member and the owner: only the owner reads or changes the owner's data.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'palaro-authz-')) });
});
afterAll(async () => {
  await testApp?.close();
});

type Caller = 'guest' | 'trial' | 'another member' | 'owner';
interface Endpoint {
  name: string;
  call: (client: AccountsClient, owned: { imageId: string }) => ReturnType<AccountsClient['request']>;
  expected: Record<Caller, number>;
}

const png = () => testPng(9);
const endpoints: Endpoint[] = [
  {
    name: 'GET feedback',
    call: (client) => client.request('GET', FEEDBACK_API_PATHS.feedback),
    expected: { guest: 401, trial: 200, 'another member': 200, owner: 200 },
  },
  {
    name: 'PUT feedback',
    call: (client) =>
      client.request('PUT', FEEDBACK_API_PATHS.feedback, { category: 'other', content: 'one two three four five' }),
    expected: { guest: 401, trial: 403, 'another member': 200, owner: 200 },
  },
  {
    name: 'PUT feedback with the owner’s image',
    call: (client, owned) =>
      client.request('PUT', FEEDBACK_API_PATHS.feedback, {
        category: 'other',
        content: 'one two three four five',
        imageIds: [owned.imageId],
      }),
    expected: { guest: 401, trial: 403, 'another member': 400, owner: 200 },
  },
  {
    name: 'POST feedback image',
    call: async (client) =>
      client.request('POST', FEEDBACK_API_PATHS.feedbackImages, await png(), {
        'content-type': 'application/octet-stream',
      }),
    expected: { guest: 401, trial: 403, 'another member': 200, owner: 200 },
  },
  {
    name: 'GET feedback image',
    call: (client, owned) => client.request('GET', feedbackImagePath(owned.imageId)),
    expected: { guest: 401, trial: 404, 'another member': 404, owner: 200 },
  },
  {
    name: 'DELETE feedback image',
    call: (client, owned) => client.request('DELETE', feedbackImagePath(owned.imageId)),
    expected: { guest: 401, trial: 404, 'another member': 404, owner: 200 },
  },
  {
    name: 'GET head icon',
    call: (client) => client.request('GET', PROFILE_API_PATHS.headIcon),
    expected: { guest: 401, trial: 200, 'another member': 200, owner: 200 },
  },
  {
    name: 'POST head icon',
    call: (client) =>
      client.request('POST', PROFILE_API_PATHS.headIcon, 'avatar=sun', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
    expected: { guest: 401, trial: 403, 'another member': 200, owner: 200 },
  },
  {
    name: 'POST head icon image',
    call: async (client) =>
      client.request('POST', PROFILE_API_PATHS.headIconImage, await png(), {
        'content-type': 'application/octet-stream',
      }),
    expected: { guest: 401, trial: 403, 'another member': 200, owner: 200 },
  },
];

async function callerOf(kind: Caller, owner: AccountsClient): Promise<AccountsClient> {
  if (kind === 'owner') return owner;
  if (kind === 'another member') return (await registeredMember(testApp.app, testApp.db)).client;
  const client = new AccountsClient(testApp.app, `198.51.100.${Math.floor(Math.random() * 200) + 20}`);
  if (kind === 'trial') expect((await client.request('POST', API_PATHS.trial)).statusCode).toBe(200);
  return client;
}

describe('who may call the feedback and head-icon endpoints', () => {
  for (const endpoint of endpoints) {
    it(endpoint.name, async () => {
      const owner = (await registeredMember(testApp.app, testApp.db)).client;
      for (const kind of ['guest', 'trial', 'another member', 'owner'] as const) {
        // A fresh image of the owner's for each caller, so a removal by one caller does not decide the next.
        const uploadedImage = await owner.request('POST', FEEDBACK_API_PATHS.feedbackImages, await png(), {
          'content-type': 'application/octet-stream',
        });
        const owned = { imageId: uploadedImage.json().value.imageId as string };
        const response = await endpoint.call(await callerOf(kind, owner), owned);
        expect(response.statusCode, `${kind}: ${response.body.slice(0, 200)}`).toBe(endpoint.expected[kind]);
      }
    });
  }
});
