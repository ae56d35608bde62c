/**
 * Bun gives no raw request target: `request.url` is `http://<Host>` + the target as the WHATWG URL parser
 * serializes it (Bun 1.4.5: no property of the Request, the Server or the fetch handler holds the bytes of
 * the request line; only the internal handler behind `node:http` sees them). The parser resolves dot
 * segments, turns `\` into `/`, and percent-encodes some characters that may be sent raw: `'` and `"` in a
 * query, `{` or `` ` `` in a path, any non-ASCII character. A gateway that signs the target it forwarded
 * (`?city=O'Fallon`) therefore signed something other than what the service reads (`?city=O%27Fallon`).
 *
 * The verifier MACs the received form first and, only when that fails, the one raw form obtained by undoing
 * those encodings. That second form is accepted only if the parser maps it to exactly the received URL, so
 * whatever was signed is, byte for byte, the request the service routes and answers: a target that would
 * route differently never verifies. Forms the parser cannot be undone for (dot segments, `\`, a target that
 * mixes `'` and `%27`) are refused: that fails closed.
 */

const PARSE_BASE = 'http://h'

/** The ASCII characters the parser percent-encodes in one component, learnt from the parser itself. */
function encodedInto(component: 'path' | 'query' | 'fragment'): Set<string> {
  const prefix = component === 'path' ? '/a' : component === 'query' ? '/?a' : '/#a'
  const set = new Set<string>()
  for (let code = 0x21; code <= 0x7f; code++) {
    const char = String.fromCharCode(code)
    const escape = `%${code.toString(16).toUpperCase().padStart(2, '0')}`
    if (new URL(`${PARSE_BASE}${prefix}${char}b`).href === `${PARSE_BASE}${prefix}${escape}b`) set.add(char)
  }
  return set
}

const ENCODED = { path: encodedInto('path'), query: encodedInto('query'), fragment: encodedInto('fragment') }
const UTF8 = new TextDecoder('utf-8', { fatal: true })
const ESCAPES = /(?:%[0-9A-F]{2})+/g

/** Undoes, in one run of escapes, the ones the parser makes: listed ASCII characters and whole UTF-8 sequences. */
function undoRun(run: string, ascii: Set<string>): string {
  const bytes = run.match(/%../g)!.map((escape) => parseInt(escape.slice(1), 16))
  let out = ''
  for (let i = 0; i < bytes.length; ) {
    if (bytes[i] < 0x80) {
      const char = String.fromCharCode(bytes[i])
      out += ascii.has(char) ? char : run.slice(i * 3, i * 3 + 3)
      i++
      continue
    }
    let j = i
    while (j < bytes.length && bytes[j] >= 0x80) j++
    try {
      out += UTF8.decode(new Uint8Array(bytes.slice(i, j)))
    } catch {
      out += run.slice(i * 3, j * 3)
    }
    i = j
  }
  return out
}

const undo = (part: string, ascii: Set<string>) => (part.includes('%') ? part.replace(ESCAPES, (run) => undoRun(run, ascii)) : part)

/** How Bun serializes a raw target (after the origin of request.url). */
export function parsedTarget(raw: string): string | undefined {
  try {
    return new URL(`${PARSE_BASE}${raw}`).href.slice(PARSE_BASE.length)
  } catch {
    return undefined
  }
}

/**
 * The raw target that the parser would have turned into `received`, when it differs from `received`;
 * undefined when there is none to try. The result always satisfies `parsedTarget(result) === received`.
 */
export function rawEquivalent(received: string): string | undefined {
  if (!received.includes('%')) return undefined
  const hash = received.indexOf('#')
  const beforeHash = hash < 0 ? received : received.slice(0, hash)
  const question = beforeHash.indexOf('?')
  const path = question < 0 ? beforeHash : beforeHash.slice(0, question)
  const query = question < 0 ? '' : beforeHash.slice(question)
  const fragment = hash < 0 ? '' : received.slice(hash)
  const candidate = undo(path, ENCODED.path) + undo(query, ENCODED.query) + undo(fragment, ENCODED.fragment)
  if (candidate === received || parsedTarget(candidate) !== received) return undefined
  return candidate
}
