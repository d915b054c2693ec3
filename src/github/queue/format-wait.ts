// How long the oldest queued job has waited, as the CLI's table and the console's queue panel show it.
/** A wait as an operator reads it: "42s", "3m 5s", "2h 7m"; "-" when nothing waits. */
export function formatWait(ms: number | undefined): string {
  if (ms === undefined) return "-";
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${seconds % 60}s`;
  return `${Math.floor(minutes / 60)}h ${minutes % 60}m`;
}
