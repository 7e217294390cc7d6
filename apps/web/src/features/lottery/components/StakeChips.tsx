import { useMoney } from '../../../shared/lib/money';

/** The unit stakes a player taps between, one chip each; the chosen one pressed. */
export function StakeChips({
  stakes,
  chosen,
  onChoose,
  testId,
}: {
  stakes: readonly number[];
  chosen: number;
  onChoose: (stake: number) => void;
  testId: string;
}) {
  const money = useMoney();
  return (
    <div className="lt-stake__chips">
      {stakes.map((stake) => (
        <button
          key={stake}
          type="button"
          className={`lt-chip${stake === chosen ? ' is-on' : ''}`}
          aria-pressed={stake === chosen}
          data-testid={testId}
          onClick={() => onChoose(stake)}
        >
          {money(stake)}
        </button>
      ))}
    </div>
  );
}
