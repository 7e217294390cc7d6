import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INBOX_API_PATHS } from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../../test-app';
import { auditTrail } from '../audit/service';
import { DEMO_MERCHANT_ID, registeredMember } from '../wallet/testing';

const CLI = fileURLToPath(new URL('../../admin/cli.ts', import.meta.url));
const run = promisify(execFile);

let testApp: TestApp;
let baseUrl: string;
beforeAll(async () => {
  testApp = await createTestApp();
  baseUrl = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await testApp?.close();
});

async function admin(args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args, '--url', baseUrl], {
      env: { ...process.env, PALARO_OPERATOR_TOKEN: TEST_OPERATOR_TOKEN },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run admin -- inbox send', () => {
  it('sends a message the member reads in their language, audited', { timeout: 120_000 }, async () => {
    const { client, username } = await registeredMember(testApp.app, testApp.db);
    const sent = await admin([
      'inbox',
      'send',
      `member:${username}`,
      'title.EN=Welcome',
      'title.TY=Maligayang pagdating',
      'body=<p>Salamat <script>alert(1)</script></p>',
    ]);
    expect(sent.code, sent.stderr).toBe(0);
    expect(sent.stdout).toMatch(new RegExp(`Message \\d+ sent to ${username}`));

    const page = (await client.request('GET', `${INBOX_API_PATHS.inboxMessages}?language=TY`)).json().value;
    expect(page.list[0]).toMatchObject({ sender: 'operator', title: 'Maligayang pagdating', preview: 'Salamat' });
    expect((await auditTrail(testApp.db.db, DEMO_MERCHANT_ID)).at(-1)).toMatchObject({
      action: 'inbox.send',
      actor: expect.stringMatching(/^operator:/),
    });

    const wrong = await admin(['inbox', 'send', 'everyone', 'title=x', 'body=y']);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('all, member:USERNAME, vip:LEVEL or type:MEMBER_TYPE');
    const untitled = await admin(['inbox', 'send', 'all', 'body=y']);
    expect(untitled.code).toBe(2);
    expect(untitled.stderr).toContain('Give the title');
  });
});
