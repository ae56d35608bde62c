/**
 * Where the events are in an arbitrary JSON document: every array (or id-keyed map) of objects of which
 * at least half read as events (a title and a start), wherever it sits: the root, `{d: […]}`,
 * `{value: […]}`, `{results: […]}`, or spread over `{data: [{Date, Items: […]}, …]}`. Also the HTML
 * string some calendars wrap in JSON(P) (`{"html": "<article itemtype=…Event>…"}`).
 */
import { asRecord } from '../feed-utils'
import { looksLikeEvent } from './record'

type Json = Record<string, unknown>
export type Prepare = (record: Json) => Json

const MAX_DEPTH = 8
const MAX_NODES = 200_000

function qualifies(items: unknown[], prepare: Prepare): Json[] | undefined {
  const objects = items.map(asRecord).filter((o): o is Json => !!o)
  if (!objects.length || objects.length < items.length / 2) return undefined
  const sample = objects.length > 50 ? objects.filter((_, i) => i % Math.ceil(objects.length / 50) === 0) : objects
  const hits = sample.filter((o) => looksLikeEvent(prepare(o))).length
  return hits > 0 && hits >= sample.length / 2 ? objects : undefined
}

/**
 * The event records of a document, in document order; `prepare` rewrites a record before it is judged
 * (a platform profile's field mapping). A root object that is itself one event is a list of one.
 */
export function findRecords(root: unknown, prepare: Prepare = (r) => r): Json[] {
  const out: Json[] = []
  let nodes = 0
  const walk = (value: unknown, depth: number) => {
    if (depth > MAX_DEPTH || ++nodes > MAX_NODES) return
    if (Array.isArray(value)) {
      const list = qualifies(value, prepare)
      if (list) out.push(...list)
      else for (const item of value) walk(item, depth + 1)
      return
    }
    const o = asRecord(value)
    if (!o) return
    const values = Object.values(o)
    if (values.length >= 2 && values.every((v) => asRecord(v))) {
      const map = qualifies(values, prepare)
      if (map) {
        out.push(...map)
        return
      }
    }
    for (const v of values) if (typeof v === 'object' && v !== null) walk(v, depth + 1)
  }
  const rootRecord = asRecord(root)
  if (rootRecord && looksLikeEvent(prepare(rootRecord))) return [rootRecord]
  walk(root, 0)
  return out
}

/** An HTML string held in the document (`html`, `content`, `body`, … or any long string with markup). */
export function embeddedHtml(root: unknown): string | undefined {
  const o = asRecord(root)
  if (!o) return typeof root === 'string' && /<[a-z][\s\S]*>/i.test(root) ? root : undefined
  const candidates = Object.values(o).filter((v): v is string => typeof v === 'string' && v.length > 100 && /<(article|div|li|tr|section|ul|table|p|h\d)\b/i.test(v))
  return candidates.sort((a, b) => b.length - a.length)[0]
}

/** `callback({...});`, `({...})`, `/**\/cb([...])` → the JSON inside; undefined when the text is no JSONP. */
export function unwrapJsonp(text: string): string | undefined {
  const m = /^\s*(?:\/\*\*\/\s*)?(?:[A-Za-z_$][\w$.]*)?\s*\(\s*([[{])/.exec(text)
  if (!m) return undefined
  const end = text.trimEnd().replace(/;$/, '').trimEnd()
  if (!end.endsWith(')')) return undefined
  return text.slice(m.index + m[0].length - 1, end.length - 1).trim()
}

/** Anti-XSSI prefixes some APIs put before their JSON (`)]}'`, `while(1);`, `for(;;);`). */
export function stripXssiPrefix(text: string): string {
  return text.replace(/^\s*(\)\]\}',?|while\s*\(1\);|for\s*\(;;\);)\s*/, '')
}
