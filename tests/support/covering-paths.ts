/**
 * A generated model's paths without those another path already walks: a path whose events are the
 * first events of a longer one is dropped, since the longer one checks the same states on the way
 * (and `npm run machines:coverage` counts the same states and transitions). Fewer paths, fewer
 * browser contexts.
 */
export function coveringPaths<P extends { readonly steps: readonly { readonly event: unknown }[] }>(paths: readonly P[]): P[] {
  const keys = paths.map((p) => p.steps.map((s) => JSON.stringify(s.event)))
  const isPrefix = (a: string[], b: string[]) => a.length < b.length && a.every((e, i) => e === b[i])
  return paths.filter((_, i) => !keys.some((other, j) => j !== i && (isPrefix(keys[i]!, other) || (j < i && other.join() === keys[i]!.join()))))
}
