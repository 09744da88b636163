/**
 * A lazy module's import, made once: the server renders every page with the same route table, and each
 * `import()` call, even of a module already loaded, is a trip through Node's module loader (and through
 * its hooks' thread when the server runs under tsx): ~1 ms a render. A failed import is not kept, so
 * the browser tries a chunk that failed to load again on the next call.
 */
export function importOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let kept: Promise<T> | undefined
  return () =>
    (kept ??= load().catch((err: unknown) => {
      kept = undefined
      throw err
    }))
}
