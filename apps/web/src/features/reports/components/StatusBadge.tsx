/** Colour of a status: waiting amber, done green, refused red, lapsed grey. */
const TONES: Record<string, 'warn' | 'ok' | 'bad' | 'muted'> = {
  pending: 'warn', paid: 'ok', rejected: 'bad', declined: 'bad', expired: 'muted',
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`rep-badge rep-badge--${TONES[status] ?? 'muted'}`} data-testid="status-badge" data-status={status}>{label}</span>;
}
