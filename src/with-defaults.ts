/** The merge of `L` over `D`: a key of both may hold either's type, minus the undefined `L` cannot set. */
export type WithDefaults<D, L> = Omit<L, keyof D> & { [K in keyof D]: K extends keyof L ? D[K] | Exclude<L[K], undefined> : D[K] }

/**
 * Options over defaults, the one way this codebase merges them. Unlike `{ ...defaults, ...options }`, a
 * key whose value is `undefined` keeps the default: `{ politenessMs: undefined }` passed through a layer
 * that only forwards what it was given once switched crawl politeness off (issue 12). Explicit values,
 * `0`, `false`, `''` and `null` included, replace the default; later layers win over earlier ones;
 * `__proto__` keys are skipped, so a parsed document cannot reach the prototype. Inputs are not mutated.
 */
export function withDefaults<D extends object, L extends object = Partial<D>>(defaults: D, ...layers: (L | undefined)[]): WithDefaults<D, L> {
  const out = { ...defaults } as Record<string, unknown>
  for (const layer of layers) {
    if (!layer) continue
    for (const [key, value] of Object.entries(layer)) if (value !== undefined && key !== '__proto__') out[key] = value
  }
  return out as WithDefaults<D, L>
}
