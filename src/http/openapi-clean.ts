const COERCION_FORMATS = new Set(['integer', 'numeric', 'boolean', 'ObjectString', 'ArrayString'])

const isCoercionBranch = (s: unknown): boolean =>
  !!s && typeof s === 'object' && (s as Record<string, unknown>).type === 'string' && COERCION_FORMATS.has(String((s as Record<string, unknown>).format))

/** Keys whose value is a map of names (property names, response codes, …), never schema keywords. */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'paths', 'responses', 'headers', 'content', 'schemas', 'securitySchemes', 'variables'])

/**
 * Makes Elysia's generated document plain OpenAPI: Elysia turns every number in a schema into
 * `anyOf [string with format integer, integer]` (its query-string coercion) and keeps our validation
 * messages as an `error` keyword (a string). Clients should see `integer` and standard keywords only.
 * Only the `error` *keyword* goes: a property named `error` (every error body has one) is a schema, an
 * object, and stays, and nothing inside a map of names is ever taken for a keyword.
 */
export function cleanOpenApi(node: unknown, inNameMap = false): unknown {
  if (Array.isArray(node)) return node.map((item) => cleanOpenApi(item))
  if (!node || typeof node !== 'object') return node
  const source = node as Record<string, unknown>
  if (!inNameMap && Array.isArray(source.anyOf)) {
    const rest = source.anyOf.filter((branch) => !isCoercionBranch(branch))
    if (rest.length === 1 && rest.length < source.anyOf.length) {
      const { anyOf: _dropped, ...outer } = source
      return cleanOpenApi({ ...outer, ...(rest[0] as object) })
    }
  }
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(source)) {
    if (!inNameMap && key === 'error' && (typeof value !== 'object' || value === null)) continue
    out[key] = cleanOpenApi(value, !inNameMap && NAME_MAPS.has(key))
  }
  return out
}
