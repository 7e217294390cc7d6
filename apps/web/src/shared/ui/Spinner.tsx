import './feedback.css';

/** The loading spinner. */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
