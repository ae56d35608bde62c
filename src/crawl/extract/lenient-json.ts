/**
 * JSON as CMSs actually publish it inside `<script type="application/ld+json">`: wrapped in comments or
 * CDATA, followed by `;`, with raw newlines and control characters inside strings, unescaped quotes in
 * descriptions, trailing commas, several top-level objects, numbers with leading zeros (`"postalCode":
 * 04109`), HTML comments left between values by templates (`<!---->`), or cut short. Strict parsing
 * first; the repair pass only runs when that fails, and never moves text into or out of a string.
 */
import { decodeHTML } from 'entities'
import { jsonTooDeep, MAX_JSON_DEPTH } from '../../json-depth'

/** Strips the wrappers that templates put around a JSON block (comments, CDATA, trailing `;`, BOM). */
export function unwrapScript(text: string): string {
  let s = text.replace(/^\uFEFF/, '').trim()
  // A block that opens and closes as JSON (nearly all) has no wrapper for the patterns below to take off.
  const first = s.charCodeAt(0)
  const last = s.charCodeAt(s.length - 1)
  if ((first === 123 || first === 91) && (last === 125 || last === 93)) return s
  for (let i = 0; i < 3; i++) {
    const before = s
    s = s
      // A whole comment before or after the JSON (`<!---->{…}`, `{…}<!-- /ko -->`) goes; a comment that wraps it loses its ends.
      .replace(/^(?:\/\/\s*)?<!--[^{}[\]]*?-->/, '')
      .replace(/<!--[^{}[\]]*?-->$/, '')
      .trim()
      .replace(/^(?:\/\/\s*)?<!--/, '')
      .replace(/(?:\/\/\s*)?-->$/, '')
      .replace(/^(?:\/\*\s*)?(?:\/\/\s*)?<!\[CDATA\[(?:\s*\*\/)?/, '')
      .replace(/(?:\/\*\s*)?(?:\/\/\s*)?\]\]>(?:\s*\*\/)?$/, '')
      .trim()
      .replace(/;+$/, '')
      .trim()
    if (s === before) break
  }
  return s
}

const VALID_ESCAPE = new Set(['"', '\\', '/', 'b', 'f', 'n', 'r', 't'])
const VALUE_START = /["{[\d\-]|true\b|false\b|null\b/y
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y

/** Index of the next character that is neither whitespace nor inside a line or block comment. */
function nextSignificant(src: string, from: number): number {
  let j = from
  for (;;) {
    while (j < src.length && /\s/.test(src[j])) j++
    if (src[j] === '/' && src[j + 1] === '/') {
      const nl = src.indexOf('\n', j)
      j = nl < 0 ? src.length : nl + 1
    } else if (src[j] === '/' && src[j + 1] === '*') {
      const end = src.indexOf('*/', j + 2)
      j = end < 0 ? src.length : end + 2
    } else if (src.startsWith('<!--', j)) {
      const end = src.indexOf('-->', j + 4)
      j = end < 0 ? src.length : end + 3
    } else return j
  }
}

/** Decides whether a quote met inside a string ends it, from what follows (a separator or the end). */
function closesString(src: string, i: number): boolean {
  const j = nextSignificant(src, i + 1)
  if (j >= src.length) return true
  const c = src[j]
  if (c === '}' || c === ']' || c === ':') return true
  if (c === ',') {
    const k = nextSignificant(src, j + 1)
    if (k >= src.length) return true
    VALUE_START.lastIndex = k
    return VALUE_START.test(src) || src[k] === '}' || src[k] === ']'
  }
  // A quote followed, after a line break, by the next key: the author forgot a comma.
  return c === '"' && /[\r\n]/.test(src.slice(i + 1, j))
}

function lastSignificant(out: string[]): number {
  let k = out.length - 1
  while (k >= 0 && /^\s*$/.test(out[k])) k--
  return k
}

/**
 * Rewrites almost-JSON into JSON: escapes control characters and stray quotes inside strings, drops
 * invalid escapes, comments, trailing and doubled commas, joins several top-level values into an array
 * and closes what a truncation left open. The result may still be invalid; the caller parses it.
 */
export function repairJson(src: string): string {
  const r: Repair = { src, out: [], stack: [], inString: false, topValues: 0, i: 0 }
  for (; r.i < src.length; r.i++) {
    if (r.inString) stringChar(r)
    else if (!skipComment(r) && !copyNumber(r)) structuralChar(r)
  }
  if (r.inString) r.out.push('"')
  const k = lastSignificant(r.out)
  if (k >= 0 && (r.out[k] === ',' || r.out[k] === ':')) r.out.splice(k, 1, r.out[k] === ':' ? ':null' : '')
  while (r.stack.length) r.out.push(r.stack.pop()!)
  const body = r.out.join('')
  return r.topValues > 1 ? `[${body}]` : body
}

/** The repair's scan: the source, the output so far, the closers still owed, and the position `i` (a step may consume more than one character). */
type Repair = { src: string; out: string[]; stack: string[]; inString: boolean; topValues: number; i: number }

/** One character inside a string: valid escapes kept, others repaired; a quote ends the string only where a string can end. */
function stringChar(r: Repair): void {
  const { src, out } = r
  const ch = src[r.i]
  if (ch === '\\') {
    const next = src[r.i + 1]
    if (next !== undefined && VALID_ESCAPE.has(next)) {
      out.push(ch, next)
      r.i++
    } else if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(src.slice(r.i + 2, r.i + 6))) {
      out.push(src.slice(r.i, r.i + 6))
      r.i += 5
    } else if (next === "'") {
      out.push("'")
      r.i++
    } else out.push('\\\\')
  } else if (ch === '"') {
    if (closesString(src, r.i)) {
      r.inString = false
      out.push('"')
      const j = nextSignificant(src, r.i + 1)
      if (src[j] === '"') out.push(',')
    } else out.push('\\"')
  } else if (ch < ' ') {
    out.push(ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : ch === '\t' ? '\\t' : `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
  } else out.push(ch)
}

/** Drops a comment (`//`, `/* *\/`, `<!-- -->`) that starts here, outside strings; true when there was one. */
function skipComment(r: Repair): boolean {
  const { src } = r
  const ch = src[r.i]
  if (ch === '/' && src[r.i + 1] === '/') {
    while (r.i < src.length && src[r.i] !== '\n') r.i++
    return true
  }
  if (ch === '/' && src[r.i + 1] === '*') {
    const end = src.indexOf('*/', r.i + 2)
    r.i = end < 0 ? src.length : end + 1
    return true
  }
  if (ch === '<' && src.startsWith('<!--', r.i)) {
    const end = src.indexOf('-->', r.i + 4)
    r.i = end < 0 ? src.length : end + 2
    return true
  }
  return false
}

/** Copies a number token inside a container; true when there was one. */
function copyNumber(r: Repair): boolean {
  const { src, out } = r
  if (!r.stack.length || !/[\d-]/.test(src[r.i])) return false
  NUMBER.lastIndex = r.i
  const token = NUMBER.exec(src)?.[0]
  if (!token) return false
  // JSON has no leading zeros; what a template printed as 04109 is a code, kept as written.
  out.push(/^-?0\d/.test(token) ? JSON.stringify(token) : token)
  r.i += token.length - 1
  if (src[nextSignificant(src, r.i + 1)] === '"') out.push(',')
  return true
}

/** One character outside strings: whitespace, top-level separators, openers, closers and commas. */
function structuralChar(r: Repair): void {
  const { out, stack } = r
  const ch = r.src[r.i]
  if (/\s/.test(ch)) {
    out.push(ch)
    return
  }
  if (stack.length === 0 && (ch === ',' || ch === ';')) return
  if (stack.length === 0 && r.topValues > 0) {
    out.push(',')
    r.topValues++
  }
  if (ch === '"') {
    r.inString = true
    out.push(ch)
  } else if (ch === '{' || ch === '[') {
    if (stack.length === 0 && r.topValues === 0) r.topValues = 1
    stack.push(ch === '{' ? '}' : ']')
    out.push(ch)
  } else if (ch === '}' || ch === ']') closeContainer(r, ch)
  else if (ch === ',') {
    const k = lastSignificant(out)
    if (k < 0 || out[k] === ',' || out[k] === '[' || out[k] === '{') return
    out.push(ch)
  } else out.push(ch)
}

/** A closer: drops a trailing comma, closes what is still open, and ignores a closer with nothing open. */
function closeContainer(r: Repair, ch: string): void {
  const { out, stack } = r
  const k = lastSignificant(out)
  if (k >= 0 && out[k] === ',') out.splice(k, 1)
  if (stack.length && stack[stack.length - 1] === ch) stack.pop()
  else if (stack.length) out.push(stack.pop()!)
  else return
  out.push(ch)
}

/**
 * Parses a JSON-LD (or JSON feed) block leniently. Returns the value, or an error message naming what
 * went wrong; never throws.
 */
export function parseLenientJson(raw: string): { value: unknown; repaired: boolean } | { error: string } {
  const text = unwrapScript(raw)
  if (!text) return { error: 'empty block' }
  let parsed: { value: unknown; repaired: boolean } | undefined
  let failure: unknown
  try {
    parsed = { value: JSON.parse(text), repaired: false }
  } catch (first) {
    failure = first
    const candidates = [text]
    if (/&quot;|&#34;/.test(text) && !text.includes('"')) candidates.unshift(decodeHTML(text))
    for (const c of candidates) {
      try {
        parsed = { value: JSON.parse(repairJson(c)), repaired: true }
        break
      } catch {}
    }
  }
  if (!parsed) return { error: (failure as Error).message }
  // The readers walk values recursively: a block nested deeper than any real one is refused here, alone.
  if (jsonTooDeep(parsed.value)) return { error: `nested more than ${MAX_JSON_DEPTH} levels deep` }
  return parsed
}
