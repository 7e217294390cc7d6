import type { ReactNode } from 'react';
import './ui.css';

interface StateViewProps {
  art: ReactNode;
  title: string;
  body?: ReactNode;
  actions?: ReactNode;
  testId?: string;
  role?: 'alert' | 'status';
  compact?: boolean;
}

/** A centred, illustrated state: empty, error, unavailable, maintenance. */
export function StateView({ art, title, body, actions, testId, role, compact }: StateViewProps) {
  return (
    <section className={`state-view${compact ? ' state-view--compact' : ''}`} data-testid={testId} role={role}>
      <div className="state-view__art">{art}</div>
      <h2 className="state-view__title">{title}</h2>
      {body ? <div className="state-view__body">{body}</div> : null}
      {actions ? <div className="state-view__actions">{actions}</div> : null}
    </section>
  );
}
