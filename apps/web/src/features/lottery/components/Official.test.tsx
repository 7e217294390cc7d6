import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { TOfficialDrawVerification } from '@palaro/contract';
import { renderInRouter } from '../../../test/render';
import { drawnDraw, lotteryGame, lotteryMenu } from '../test/fixtures';
import { mergeMenus } from '../LotteryMenuScreen';
import { AbnormalNotice, OfficialLine, OfficialVerification, weekdayNames, zoneCity } from './Official';

const pcso = lotteryGame({
  gameId: 9,
  gameCode: 'PCSO_642',
  gameGroupCode: 'PCSO',
  family: 'P642',
  remark: 'Lotto 6/42',
  prizeMode: 'Lott',
  resultSource: 'operator',
  schedule: { timeZone: 'Asia/Manila', times: ['21:00'], weekdays: [6, 2, 4] },
});
// Thursday 26 November 2026, 21:00 in Manila (UTC+8).
const draw = drawnDraw([], 0, {
  gameCode: 'PCSO_642',
  state: 'open',
  result: null,
  seedHash: null,
  serverSeed: null,
  publicValue: null,
  drawsAt: Date.UTC(2026, 10, 26, 13, 0),
});

describe('a traditional game’s draw', () => {
  it('names its official draw time and schedule in the official city’s time, with no seed', () => {
    expect(zoneCity('Asia/Ho_Chi_Minh')).toBe('Ho Chi Minh');
    expect(weekdayNames([6, 2, 4], 'EN')).toEqual(['Tue', 'Thu', 'Sat']);
    renderInRouter(<OfficialLine game={pcso} draw={draw} />, '/m/startLottery', 'EN');
    const line = screen.getByTestId('lottery-official');
    expect(line).toHaveTextContent('Drawn Thu 21:00, Manila time');
    expect(line).toHaveTextContent('Tue, Thu, Sat at 21:00 (Manila) · result from the official draw');
  });

  it('says why sales stopped on an abnormal draw (Tagalog), and nothing otherwise', () => {
    const { unmount } = renderInRouter(
      <AbnormalNotice draw={{ ...draw, state: 'abnormal', abnormal: { reason: 'late', since: 1 } }} />,
      '/m/startLottery',
    );
    expect(screen.getByTestId('lottery-abnormal')).toHaveTextContent('Itinigil ang bentahan sa bunot na ito');
    expect(screen.getByTestId('lottery-abnormal')).toHaveTextContent('Nahuhuli ang opisyal na resulta');
    unmount();
    renderInRouter(<AbnormalNotice draw={draw} />, '/m/startLottery');
    expect(screen.queryByTestId('lottery-abnormal')).toBeNull();
  });

  it('is verified by its official source: who entered and who confirmed the result', () => {
    const proof: TOfficialDrawVerification = {
      kind: 'official',
      gameCode: 'PCSO_642',
      family: 'P642',
      numero: '20261126-0001',
      drawsAt: draw.drawsAt,
      result: [3, 11, 19, 25, 38, 42],
      winningNumber: '3,11,19,25,38,42',
      source: 'operator',
      enteredBy: 'ana',
      enteredAt: draw.drawsAt + 600_000,
      confirmedBy: 'ben',
      confirmedAt: draw.drawsAt + 900_000,
      ticketCount: 12,
    };
    renderInRouter(<OfficialVerification data={proof} />, '/m/startLottery', 'EN');
    expect(screen.getByTestId('lottery-verify-official')).toHaveTextContent('there is no seed to recompute');
    expect(screen.getByTestId('lottery-verify-entered')).toHaveTextContent('ana ·');
    expect(screen.getByTestId('lottery-verify-confirmed')).toHaveTextContent('ben ·');
    expect(screen.getByTestId('lottery-verify-verdict')).toHaveTextContent('checked by two people');
  });
});

describe('the menu with the traditional games', () => {
  it('lists the second menu’s groups after the first, each game timed by its own answer', () => {
    const electronic = { data: lotteryMenu([lotteryGame()]), lotteryTime: [1, 2] as const };
    const traditional = { data: lotteryMenu([pcso, lotteryGame()]), lotteryTime: [5, 9] as const };
    const { menu, timeOf } = mergeMenus(electronic, traditional);
    expect(menu.groups.map((group) => group.gameGroupCode)).toEqual(['SSC', 'PCSO']);
    expect(timeOf('PCSO_642')).toEqual([5, 9]);
    expect(timeOf('SSC1')).toEqual([1, 2]);
    expect(mergeMenus(electronic, undefined).menu).toBe(electronic.data);
  });
});
