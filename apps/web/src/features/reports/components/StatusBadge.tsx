/** Colour of a status: waiting amber, done green, refused red, lapsed grey (a round still open waits; a refunded one lapsed). */
const TONES: Record<string, 'warn' | 'ok' | 'bad' | 'muted'> = {
  pending: 'warn',
  paid: 'ok',
  rejected: 'bad',
  declined: 'bad',
  expired: 'muted',
  open: 'warn',
  refunded: 'muted',
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={`rep-badge rep-badge--${TONES[status] ?? 'muted'}`}
      data-testid="status-badge"
      data-status={status}
    >
      {label}
    </span>
  );
}
