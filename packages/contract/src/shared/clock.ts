/**
 * Whole seconds as a clock: m:ss under an hour ("0:05", "14:32"), h:mm:ss from an hour on
 * ("1:00:00"). A module of its own so that a screen needing only the clock (home's sign-in pause,
 * any countdown) does not load the lottery's timing rules with it.
 */
export function clockText(totalSeconds: number): string {
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
