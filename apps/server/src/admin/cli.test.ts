import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, GAME_API_PATHS, IDEMPOTENCY_HEADER } from '@palaro/contract';
import { createTestApp, TEST_OPERATOR_TOKEN, type TestApp } from '../test-app';
import { auditTrail } from '../modules/audit/service';
import { bindPayoutAccount, requestWithdrawal } from '../modules/withdrawals/testing';
import { walletBalance } from '../modules/wallet/service';
import { withdrawalFigures } from '../modules/withdrawals/service';
import { creditMember, newKey, registeredMember } from '../modules/wallet/testing';

const CLI = fileURLToPath(new URL('./cli.ts', import.meta.url));
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

async function admin(args: string[], env: Record<string, string> = { PALARO_OPERATOR_TOKEN: TEST_OPERATOR_TOKEN }) {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', CLI, ...args], {
      env: { ...process.env, ...env },
      timeout: 120_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

async function startupMode(headers: Record<string, string> = {}) {
  return (await testApp.app.inject({ url: API_PATHS.startup, headers })).json().value.startup.mode;
}

// Every command is a new Node process (about 3 s each, far more on a busy machine).
describe('admin command line', { timeout: 180_000 }, () => {
  it('shows the merchant', async () => {
    const result = await admin(['show', '--url', baseUrl]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Merchant PALARO');
    expect(result.stdout).toMatch(/Maintenance:\s+off/);
  });

  it('turns maintenance on and off', async () => {
    const on = await admin([
      'maintenance',
      'on',
      '--message',
      'Babalik kami agad',
      '--until',
      '2030-01-01T00:00:00Z',
      '--url',
      baseUrl,
    ]);
    expect(on.code).toBe(0);
    expect(on.stdout).toContain('Babalik kami agad');
    expect(await startupMode()).toBe('maintenance');
    expect((await admin(['maintenance', 'off', '--url', baseUrl])).code).toBe(0);
    expect(await startupMode()).toBe('normal');
  });

  it('shows why an end of maintenance in the past is refused, and leaves maintenance off', async () => {
    const past = await admin(['maintenance', 'on', '--until', '2020-01-01T00:00:00Z', '--url', baseUrl]);
    expect(past.code).toBe(1);
    expect(past.stderr).toContain('The end of maintenance (until) must be in the future');
    expect(past.stderr).toMatch(/until: Must be in the future: the server's time is \d{4}-/);
    expect(await startupMode()).toBe('normal');
  });

  it('sets flags and region rules', async () => {
    const flags = await admin(['flags', 'set', 'DIRECTREG3=off', 'MISSION=on', 'vip.display=off', '--url', baseUrl]);
    expect(flags.code).toBe(0);
    const settings = (await testApp.app.inject({ url: API_PATHS.siteSettings })).json().value;
    expect(settings.whitelabel.DIRECTREG3).toBe(false);
    expect(settings.promotions.MISSION).toBe(true);
    expect(settings.vip.display).toBe(false);

    expect((await admin(['region', 'deny-countries', 'us,SG', '--url', baseUrl])).code).toBe(0);
    expect(await startupMode({ 'cf-ipcountry': 'SG' })).toBe('region');
    expect((await admin(['region', 'deny-ips', '10.0.0.0/8', '--url', baseUrl])).stdout).toContain('10.0.0.0/8');
    expect((await admin(['region', 'clear', '--url', baseUrl])).code).toBe(0);
    expect(await startupMode({ 'cf-ipcountry': 'SG' })).toBe('normal');
  });

  it('fails clearly on a wrong token, bad input, unknown commands and a server that is down', async () => {
    const unauthorised = await admin(['show', '--url', baseUrl, '--token', 'wrong-token']);
    expect(unauthorised.code).toBe(1);
    expect(unauthorised.stderr).toContain('401');
    const invalid = await admin(['region', 'deny-ips', 'not-an-ip', '--url', baseUrl]);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('deniedIpRanges.0');
    const unknownFlag = await admin(['flags', 'set', 'NOPE=on', '--url', baseUrl]);
    expect(unknownFlag.code).toBe(2);
    const unknown = await admin(['launch', 'rockets', '--url', baseUrl]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--help');
    const down = await admin(['show', '--url', 'http://127.0.0.1:1']);
    expect(down.code).toBe(3);
    expect(down.stderr).toContain('Cannot reach the server');
    const help = await admin(['--help'], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('maintenance on');
  });

  it('lists and decides deposits and withdrawals', async () => {
    // No turnover on deposits here: the member withdraws right after depositing.
    const rules = await admin(['wallet', 'set', 'depositTurnoverPercent=0', 'withdrawMin=200.50', '--url', baseUrl]);
    expect(rules.code, rules.stderr).toBe(0);
    expect(rules.stdout).toMatch(/depositTurnoverPercent\s+0\n/);
    expect(rules.stdout).toMatch(/withdrawMin\s+200.50\n/);
    expect((await admin(['wallet', 'set', 'withdrawMin=9999999', '--url', baseUrl])).stderr).toContain(
      'withdrawMin must not be above withdrawMax',
    );
    expect((await admin(['wallet', 'set', 'withdrawMin=abc', '--url', baseUrl])).code).toBe(2);
    expect((await admin(['wallet', 'set', 'houseEdge=5', '--url', baseUrl])).code).toBe(2);
    const { client, memberId } = await registeredMember(testApp.app, testApp.db, { withPaymentPassword: true });
    const balance = async () =>
      (
        await walletBalance(
          testApp.db.db,
          withdrawalFigures,
          { id: 1, currencyCode: 'PHP', currencySymbol: '₱' },
          memberId,
        )
      ).sumBalance;
    const channels = (await client.request('GET', API_PATHS.depositChannels)).json().value.list as {
      id: number;
      kind: string;
    }[];
    const bank = channels.find((channel) => channel.kind === 'bank_transfer')!;
    const deposit = await client.request(
      'POST',
      API_PATHS.depositOrders,
      { channelId: bank.id, amount: 1_500_00, senderName: 'Juan Dela Cruz', senderReference: 'BDO-778812' },
      { [IDEMPOTENCY_HEADER]: newKey() },
    );
    expect(deposit.statusCode, deposit.body).toBe(200);
    const depositNo = deposit.json().value.orderNo as string;

    const queue = await admin(['deposits', '--status', 'pending', '--url', baseUrl]);
    expect(queue.code).toBe(0);
    expect(queue.stdout).toMatch(new RegExp(`${depositNo}\\s+pending\\s+1,500.00`));
    expect(queue.stdout).toContain('from Juan Dela Cruz ref BDO-778812');
    const approved = await admin([
      'deposits',
      'approve',
      depositNo.toLowerCase(),
      '--note',
      'seen in BDO statement',
      '--url',
      baseUrl,
    ]);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toMatch(new RegExp(`Done\\.\\n${depositNo}\\s+paid`));
    expect(await balance()).toBe(1_500_00);
    const again = await admin(['deposits', 'reject', depositNo, '--url', baseUrl]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('wallet.order.closed');

    const payoutAccountId = (await bindPayoutAccount(client)).json().value.id as number;
    const orderNoOf = async (amount: number) => {
      const response = await requestWithdrawal(client, { amount, payoutAccountId });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().value.orderNo as string;
    };
    const first = await orderNoOf(500_00);
    const second = await orderNoOf(300_00);
    const withdrawals = await admin(['withdrawals', '--url', baseUrl]);
    expect(withdrawals.stdout).toContain(first);
    expect(withdrawals.stdout).toMatch(/to gcash Juan Dela Cruz 09171234567/);
    expect((await admin(['withdrawals', 'approve', first, '--url', baseUrl])).code).toBe(0);
    const rejected = await admin(['withdrawals', 'reject', second, '--note', 'name does not match', '--url', baseUrl]);
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(rejected.stdout).toContain('note: name does not match');
    expect(await balance()).toBe(1_500_00 - 500_00);
    const missing = await admin(['withdrawals', 'approve', '--url', baseUrl]);
    expect(missing.code).toBe(2);
  });

  it('lists payment channels and changes one', async () => {
    const list = await admin(['channels', '--url', baseUrl]);
    expect(list.code, list.stderr).toBe(0);
    const maya = /^\s*(\d+)\s+on\s+Maya/m.exec(list.stdout);
    expect(maya, list.stdout).not.toBeNull();
    const changed = await admin([
      'channels',
      'set',
      maya![1]!,
      'enabled=off',
      'minAmount=250',
      'feeBasisPoints=150',
      'presetAmounts=250,1000',
      '--url',
      baseUrl,
    ]);
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toMatch(/off\s+Maya\s+MAYA\s+250\.00 – 50,000\.00\s+fee 1\.5% \+ 0\.00/);
    expect((await admin(['channels', 'set', maya![1]!, 'colour=red', '--url', baseUrl])).code).toBe(2);
    expect((await admin(['channels', 'set', maya![1]!, 'minAmount=999999', '--url', baseUrl])).stderr).toContain(
      'minAmount must not be above maxAmount',
    );
  });

  it('shows, adjusts and waives a member’s turnover, always with a reason', async () => {
    const { client, username, memberId } = await registeredMember(testApp.app, testApp.db);
    await creditMember(testApp.db, memberId, 500_00n, 100);
    await creditMember(testApp.db, memberId, 200_00n, 100);
    const shown = await admin(['turnover', 'show', username, '--url', baseUrl]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`${username} (member ${memberId}): 700.00 of turnover left`);
    const [newest, oldest] = [...shown.stdout.matchAll(/^\s*(\d+)\s+open\s+adjustment\s+\S+\s+required (\S+)/gm)].map(
      (match) => ({ id: match[1]!, required: match[2] }),
    );
    expect([newest?.required, oldest?.required]).toEqual(['200.00', '500.00']);

    const adjusted = await admin([
      'turnover',
      'adjust',
      username,
      newest!.id,
      '150',
      '--reason',
      'Promo terms',
      '--url',
      baseUrl,
    ]);
    expect(adjusted.code, adjusted.stderr).toBe(0);
    expect(adjusted.stdout).toMatch(
      new RegExp(
        `^Done\\.\\n.*650\\.00 of turnover left\\n\\s*${newest!.id}\\s+open\\s+adjustment\\s+\\S+\\s+required 150\\.00 \\(was 200\\.00\\).*adjusted \\S+ by operator:\\d+: Promo terms`,
      ),
    );

    const noReason = await admin(['turnover', 'waive', username, '--url', baseUrl]);
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toContain('--reason');
    const blankReason = await admin(['turnover', 'waive', username, '--reason', '  ', '--url', baseUrl]);
    expect(blankReason.code).toBe(1);
    expect(blankReason.stderr).toMatch(/Refused \(400 request\.invalid\)[\s\S]*reason:/);
    expect(
      (await admin(['turnover', 'adjust', username, newest!.id, 'lots', '--reason', 'x', '--url', baseUrl])).code,
    ).toBe(2);
    expect((await admin(['turnover', 'adjust', username, '--reason', 'x', '--url', baseUrl])).code).toBe(2);
    const unknown = await admin(['turnover', 'show', 'nosuchmember', '--url', baseUrl]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('404');

    const one = await admin([
      'turnover',
      'waive',
      username,
      oldest!.id,
      '--reason',
      'Walang laro pa',
      '--url',
      baseUrl,
    ]);
    expect(one.code, one.stderr).toBe(0);
    expect(one.stdout).toContain('150.00 of turnover left');
    expect(one.stdout).toMatch(
      new RegExp(`${oldest!.id}\\s+waived\\s+adjustment.*left 0\\.00  waived \\S+ by operator:\\d+: Walang laro pa`),
    );
    const all = await admin(['turnover', 'waive', username, '--reason', 'Walang laro pa', '--url', baseUrl]);
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toContain(`${username} (member ${memberId}): no turnover left`);
    expect((await client.request('GET', API_PATHS.turnover)).json().value).toMatchObject({
      left: 0,
      canWithdraw: true,
    });
    const nothingLeft = await admin(['turnover', 'waive', username, '--reason', 'again', '--url', baseUrl]);
    expect(nothingLeft.code).toBe(1);
    expect(nothingLeft.stderr).toContain('wallet.turnover.closed');
  });

  it('lists and changes game vendors, games, the cockfight switch and hot matches', async () => {
    const gameList = async (query: string) =>
      (await testApp.app.inject({ url: `${GAME_API_PATHS.games}?${query}` })).json().value;
    const vendors = await admin(['games', 'vendors', '--url', baseUrl]);
    expect(vendors.code, vendors.stderr).toBe(0);
    expect(vendors.stdout).toMatch(/^ALON\s+on\s+Alon Gaming/m);

    const off = await admin(['games', 'set', 'ALON-RNG-001', 'enabled=off', 'minBet=0.50', '--url', baseUrl]);
    expect(off.code, off.stderr).toBe(0);
    expect(off.stdout).toMatch(/ALON-RNG-001\s+off .* min 0\.50/);
    expect(
      (await gameList('vassalage=ALON&gameType=RNG&pageSize=100')).games.map((tile: { gameId: string }) => tile.gameId),
    ).not.toContain('ALON-RNG-001');
    expect((await admin(['games', 'list', 'vendor=ALON', 'name=golden', '--url', baseUrl])).stdout).toContain(
      'page 1 of',
    );

    const hotVendor = await admin(['games', 'vendor', 'KUBO', 'hot=on', 'sortOrder=1', '--url', baseUrl]);
    expect(hotVendor.stdout).toMatch(/KUBO\s+on .*order 1 .*HOT/);

    expect((await admin(['games', 'cockfight', '--url', baseUrl])).stdout).toContain('Cockfight: off');
    expect((await admin(['games', 'cockfight', 'on', '--url', baseUrl])).stdout).toContain('Cockfight: on');
    expect((await gameList('gameType=COCKFIGHT')).totalCount).toBe(3);
    expect((await admin(['games', 'cockfight', 'off', '--url', baseUrl])).code).toBe(0);

    const added = await admin([
      'games',
      'match-add',
      'league=Luzon Cup',
      'home=Tarlac Rams',
      'away=Laguna Lakers',
      `time=${new Date(Date.now() + 7_200_000).toISOString()}`,
      'game=PSB-SPORTS-001',
      'room=PSB-LC-1',
      '--url',
      baseUrl,
    ]);
    expect(added.code, added.stderr).toBe(0);
    const id = /#(\d+)/.exec(added.stdout)![1]!;
    expect((await admin(['games', 'match', id, 'active=off', '--url', baseUrl])).stdout).toMatch(
      new RegExp(`#${id}\\s+hidden`),
    );

    expect((await admin(['games', 'set', 'ALON-RNG-001', 'colour=red', '--url', baseUrl])).code).toBe(2);
    expect((await admin(['games', 'set', 'NO-SUCH-GAME', 'hot=on', '--url', baseUrl])).code).toBe(1);
    const audit = (await auditTrail(testApp.db.db, 1)).map((row) => row.action);
    expect(audit).toEqual(
      expect.arrayContaining([
        'games.game.update',
        'games.vendor.update',
        'games.settings.update',
        'games.hot-match.create',
        'games.hot-match.update',
      ]),
    );
  });

  it('points a traditional game at a feed without echoing its secrets, lists the lottery commands, refuses what an operator gets wrong', async () => {
    const source = await admin([
      'lottery',
      'source',
      'pcso_642',
      'feed',
      'https://pcso:s3cret@feed.example.com/642?token=t0ken',
      '--grace-minutes',
      '90',
      '--url',
      baseUrl,
    ]);
    expect(source.code, source.stderr).toBe(0);
    expect(source.stdout).toContain(
      'PCSO_642   results from feed https://***:***@feed.example.com/642?token=***; late 90 min after the draw time',
    );
    expect(source.stdout).not.toMatch(/s3cret|t0ken/);
    const monitor = await admin(['lottery', 'monitor', 'PCSO_642', '--url', baseUrl]);
    expect(monitor.code, monitor.stderr).toBe(0);
    expect(monitor.stdout).toMatch(
      /Result sources:\nPCSO_642 +results from feed https:\/\/\*\*\*:\*\*\*@feed\.example\.com/,
    );

    const missingUrl = await admin(['lottery', 'source', 'PCSO_642', 'feed', '--url', baseUrl]);
    expect(missingUrl.code).toBe(2);
    expect(missingUrl.stderr).toContain("Give the feed's address after feed (--url is this server's address)");
    const rng = await admin(['lottery', 'source', 'SSC_1M', 'operator', '--url', baseUrl]);
    expect(rng.code).toBe(1);
    expect(rng.stderr).toContain('Refused (409 lottery.result.rng): SSC_1M is drawn by our RNG');
    const group = await admin(['lottery', '--url', baseUrl]);
    expect(group.code).toBe(2);
    expect(group.stderr).toMatch(/lottery commands:\n {2}lottery monitor/);
    expect((await auditTrail(testApp.db.db, 1)).map((row) => row.action)).toContain('lottery.source.set');
  });

  it('shows and changes a lottery game’s settings: the cancel switch, limits, a jackpot’s minimum and share', async () => {
    const shown = await admin(['lottery', 'game', 'pcso_642', '--url', baseUrl]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(
      /PCSO_642 \(P642, prize mode Lott\)\n {2}cancel before lock on; HOT off; prize group 1950 \(97\.50 % return\)/,
    );
    expect(shown.stdout).toMatch(/jackpot pool .*5,940,000\.00, minimum .*5,940,000\.00, 35 % of real-money stakes/);

    const changed = await admin([
      'lottery',
      'game',
      'PCSO_642',
      'jackpot-minimum=6000000',
      'jackpot-share=40',
      'cancel=off',
      '--url',
      baseUrl,
    ]);
    expect(changed.code, changed.stderr).toBe(0);
    expect(changed.stdout).toContain('cancel before lock off');
    expect(changed.stdout).toMatch(/jackpot pool .*6,000,000\.00, minimum .*6,000,000\.00, 40 % of real-money stakes/);

    const typo = await admin(['lottery', 'game', 'PCSO_642', 'jackpot-share=forty', '--url', baseUrl]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('jackpot-share is a percentage from 0 to 100');
    const disorder = await admin(['lottery', 'game', 'SSC_1M', 'max-bet-stake=0.50', '--url', baseUrl]);
    expect(disorder.code).toBe(1);
    expect(disorder.stderr).toContain('Refused (400 lottery.settings.invalid): The largest bet');
    expect((await auditTrail(testApp.db.db, 1)).map((row) => row.action)).toContain('lottery.game.settings');
  });
});
