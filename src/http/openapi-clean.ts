const COERCION_FORMATS = new Set(['integer', 'numeric', 'boolean', 'ObjectString', 'ArrayString'])

const isCoercionBranch = (s: unknown): boolean =>
  !!s && typeof s === 'object' && (s as Record<string, unknown>).type === 'string' && COERCION_FORMATS.has(String((s as Record<string, unknown>).format))

/**
 * Makes Elysia's generated document plain OpenAPI: Elysia turns every number in a schema into
 * `anyOf [string with format integer, integer]` (its query-string coercion) and keeps our `error`
 * messages as schema keys. Clients should see `integer` and standard keywords only.
 */
export function cleanOpenApi(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(cleanOpenApi)
  if (!node || typeof node !== 'object') return node
  const source = node as Record<string, unknown>
  if (Array.isArray(source.anyOf)) {
    const rest = source.anyOf.filter((branch) => !isCoercionBranch(branch))
    if (rest.length === 1 && rest.length < source.anyOf.length) {
      const { anyOf: _dropped, ...outer } = source
      return cleanOpenApi({ ...outer, ...(rest[0] as object) })
    }
  }
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(source)) if (key !== 'error') out[key] = cleanOpenApi(value)
  return out
}
