import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderInRouter } from '../../../test/render';
import { drawnDraw } from '../test/fixtures';
import { VN_TIERS } from '@palaro/contract';
import { ResultsList, tierRows, TrendChart } from './History';
import { StreakTable } from './Streaks';

const positions = ['#1', '#2', '#3', '#4', '#5'];
// Newest first. Ball 1: 9 8 2 7 → big ×2 now, longest big 2, small 1; odd ×1, longest odd 1, even 2.
const draws = [
  [9, 1, 0, 5, 2],
  [8, 3, 4, 5, 2],
  [2, 5, 4, 4, 2],
  [7, 6, 1, 3, 2],
].map((result, index) => drawnDraw(result, index));

describe('the streak table', () => {
  it('shows each position’s current run and longest runs, in English', () => {
    renderInRouter(
      <StreakTable family="SSC" draws={draws} positions={positions} selected={0} />,
      '/m/startLottery',
      'EN',
    );
    const table = screen.getByTestId('lottery-streaks');
    expect(table).toHaveTextContent('over the last 4 draws');
    const rows = screen.getAllByTestId('lottery-streak-row');
    expect(rows).toHaveLength(5);
    expect(rows[0]).toHaveClass('is-selected');
    const first = within(rows[0]!);
    expect(first.getByTestId('lottery-streak-bs')).toHaveTextContent('Big 2');
    expect(first.getByTestId('lottery-streak-oe')).toHaveTextContent('Odd 1');
    expect(rows[0]).toHaveTextContent(/Big 2\s*Small 1/);
    expect(rows[0]).toHaveTextContent(/Odd 1\s*Even 2/);
    expect(within(rows[4]!).getByTestId('lottery-streak-bs')).toHaveTextContent('Small 4');
  });

  it('speaks Tagalog by default and shows nothing without a result', () => {
    const { unmount } = renderInRouter(
      <StreakTable family="SSC" draws={draws} positions={positions} selected={0} />,
      '/m/startLottery',
    );
    expect(screen.getAllByTestId('lottery-streak-bs')[0]).toHaveTextContent('Malaki 2');
    unmount();
    renderInRouter(<StreakTable family="SSC" draws={[]} positions={positions} selected={0} />, '/m/startLottery');
    expect(screen.queryByTestId('lottery-streaks')).toBeNull();
  });

  it('sits beside the trend and follows the position the chart shows', () => {
    renderInRouter(<TrendChart family="SSC" draws={draws} positions={positions} />, '/m/startLottery', 'EN');
    expect(screen.getByTestId('lottery-trend')).toBeInTheDocument();
    fireEvent.click(screen.getAllByTestId('lottery-trend-position')[4]!);
    expect(screen.getAllByTestId('lottery-streak-row')[4]).toHaveClass('is-selected');
    expect(screen.getAllByTestId('lottery-streak-row')[0]).not.toHaveClass('is-selected');
  });
});

describe('a Vietnamese draw’s prize board', () => {
  it('splits the 27 numbers into their tiers, zero-padded, and opens from the results', () => {
    const result = [4512, ...Array.from({ length: 26 }, (_, index) => (index * 7) % 100)];
    expect(tierRows(VN_TIERS, result).map((row) => [row.name, row.numbers.length])).toEqual([
      ['ĐB', 1],
      ['G1', 1],
      ['G2', 2],
      ['G3', 6],
      ['G4', 4],
      ['G5', 6],
      ['G6', 3],
      ['G7', 4],
    ]);
    expect(tierRows(VN_TIERS, result)[0]!.numbers).toEqual(['04512']);
    expect(tierRows(VN_TIERS, result)[7]!.numbers).toEqual(['54', '61', '68', '75']);
    renderInRouter(
      <ResultsList
        family="VNE"
        draws={[drawnDraw(result, 0, { gameCode: 'VNE1' })]}
        onVerify={() => {}}
        revealNumero={null}
      />,
      '/m/startLottery',
      'EN',
    );
    expect(screen.queryByTestId('lottery-vn-board')).toBeNull();
    fireEvent.click(screen.getByTestId('lottery-vn-board-toggle'));
    expect(screen.getByTestId('lottery-vn-board')).toHaveTextContent('ĐB04512');
  });
});
