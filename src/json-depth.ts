/**
 * How deep JSON from outside (a request body, a JSON-RPC message, a crawled JSON-LD block or feed) may be
 * nested. Our own documents are a few levels deep (a request body with hints is 3; JSON-LD in the wild
 * rarely passes 15), while JSON.parse happily builds a value a million levels deep from a couple of
 * megabytes of brackets, and recursive code over it (validators building error messages, `${value}` of
 * an array, schema.org readers) then overflows the stack: a 500 for a request, a lost page for a crawl.
 */
export const MAX_JSON_DEPTH = 64

/**
 * True when a parsed JSON value nests arrays/objects more than `max` levels deep (a scalar is depth 0,
 * `{}` or `[]` depth 1). Walks with an explicit stack, never recursion, and stops at the first path that
 * is too deep, so checking a hostile value costs no more than reading it.
 */
export function jsonTooDeep(value: unknown, max = MAX_JSON_DEPTH): boolean {
  if (typeof value !== 'object' || value === null) return false
  const stack: [object, number][] = [[value, 1]]
  while (stack.length) {
    const [node, depth] = stack.pop()!
    if (depth > max) return true
    const children = Array.isArray(node) ? node : Object.values(node)
    for (const child of children) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1])
  }
  return false
}
