import { MINES_CELL_COUNT } from '@palaro/contract';
import './mines.css';

/** A small picture of a mines field: where the mines are and which cells the player opened. */
export function MinesMiniField({
  mines,
  revealed,
  label,
}: {
  mines: readonly number[];
  revealed: readonly number[];
  label: string;
}) {
  return (
    <div className="mines-mini" role="img" aria-label={label} data-testid="verify-field">
      {Array.from({ length: MINES_CELL_COUNT }, (_, cell) => {
        const mine = mines.includes(cell);
        const opened = revealed.includes(cell);
        return (
          <span
            key={cell}
            className={`mines-mini__cell${mine ? ' mines-mini__cell--mine' : ''}${opened ? ' mines-mini__cell--opened' : ''}`}
            data-mine={mine || undefined}
          />
        );
      })}
    </div>
  );
}
