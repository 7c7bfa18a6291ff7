/** A run's duration in words' parts: minutes and seconds, or seconds with one decimal under a minute. */
export function durationParts(ms: number): { m: number; s: number } | { s: string } {
  if (ms < 60_000) return { s: (Math.round(ms / 100) / 10).toString() };
  const total = Math.round(ms / 1000);
  return { m: Math.floor(total / 60), s: total % 60 };
}
