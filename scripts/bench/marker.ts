/**
 * Whether the marker a benchmark left in `settings` (jsonb, read as text) holds these values:
 * jsonb keeps its keys in an order of its own, so the values are compared, not the texts.
 */
export function markerHolds(stored: string | null | undefined, wanted: Record<string, unknown>): boolean {
  if (!stored) return false;
  const held = JSON.parse(stored) as Record<string, unknown>;
  return Object.entries(wanted).every(([key, value]) => held[key] === value);
}
