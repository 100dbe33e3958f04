/**
 * A closed set of values and the Russian label of each, written once as the labels: the values
 * are the labels' keys in their order (a tuple, as `z.enum` and drizzle's `enum` want).
 */
export function labelledValues<V extends string>(labels: Record<V, string>): { values: [V, ...V[]]; labels: Record<V, string> } {
  return { values: Object.keys(labels) as [V, ...V[]], labels };
}
