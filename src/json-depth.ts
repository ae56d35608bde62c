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

const QUOTE = 0x22
const BACKSLASH = 0x5c
const OPEN_ARRAY = 0x5b
const OPEN_OBJECT = 0x7b
const CLOSE_ARRAY = 0x5d
const CLOSE_OBJECT = 0x7d

/**
 * The same question asked of JSON text still in bytes (bodies that routes keep raw, such as `/mcp`'s):
 * counts `[`/`{` nesting outside strings in one pass, without parsing. Bytes that are not JSON at all
 * answer false; the route's own parser refuses them.
 */
export function jsonBytesTooDeep(bytes: Uint8Array, max = MAX_JSON_DEPTH): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]
    if (inString) {
      if (b === BACKSLASH) i++
      else if (b === QUOTE) inString = false
    } else if (b === QUOTE) inString = true
    else if (b === OPEN_ARRAY || b === OPEN_OBJECT) {
      if (++depth > max) return true
    } else if (b === CLOSE_ARRAY || b === CLOSE_OBJECT) depth--
  }
  return false
}
