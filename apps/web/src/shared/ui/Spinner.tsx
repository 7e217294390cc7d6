/** The loading spinner (styled by feedback.css, in the start-up style sheet). */
export function Spinner() {
  return <span className="spinner" aria-hidden="true" />;
}
