/**
 * Reading schema.org values as sources write them: a property may hold a string, a number, an item, a
 * `{"@value"}` literal, a node reference or an array of any of these. Shared by the schema.org mapper and
 * the readers that build schema.org-shaped items.
 */
import { memoize } from '../../bounded-cache'
import type { WallTime } from '../candidate-types'
import { parseIsoDateTime, parseRfc822 } from '../shared/datetime'

/** A schema.org item: `@type`, optional `@id`, and properties whose values are strings, numbers or items. */
export type SchemaItem = Record<string, unknown>

/** The vocabulary prefixes a type or enumeration value may be written with (`https://schema.org/`, `schema:`). */
export const VOCAB = /^(?:https?:\/\/(?:www\.)?(?:schema\.org|data-vocabulary\.org)\/|schema:|sdo:)/i

/** True for an object that is neither null nor an array (a node, not a value). */
export function isItem(value: unknown): value is SchemaItem {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Local type names of an item (`http://schema.org/MusicEvent` → `MusicEvent`); `type` is the schema.org context alias of `@type`. Read-only: one answer is shared by every item of that type. */
export function typesOf(item: SchemaItem): readonly string[] {
  const raw = item['@type'] ?? item.type
  // One type (nearly every item): its answer is shared, so callers must not change the array.
  if (typeof raw === 'string') return singleType(raw)
  const list = Array.isArray(raw) ? raw : [raw]
  return list.filter((t): t is string => typeof t === 'string').map(localType)
}

function localType(t: string): string {
  return t
    .trim()
    .replace(VOCAB, '')
    .replace(/^.*[/#]/, '')
}

/** A document's items repeat a few type names (`Event`, `Place`, `PostalAddress`): each is read once. */
const singleType = memoize((t: string): readonly string[] => [localType(t)])

/** Follows a bare node reference (`{"@id": "#place"}`) to the full node when the document has it. */
export function deref(value: SchemaItem, index?: Map<string, SchemaItem>): SchemaItem {
  if (!index) return value
  const id = value['@id']
  if (typeof id !== 'string') return value
  const keys = Object.keys(value).filter((k) => k !== '@id' && k !== '@context')
  if (keys.length > 0) return value
  return index.get(id) ?? value
}

/** The first usable string of a value: strings, numbers, `{"@value": …}`, arrays of those. */
export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim() ? value : undefined
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (Array.isArray(value)) {
    for (const v of value) {
      const t = text(v)
      if (t) return t
    }
    return undefined
  }
  if (isItem(value) && '@value' in value) return text(value['@value'])
  return undefined
}

/** All strings of a value (arrays flattened, comma lists left as written). */
export function texts(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(texts)
  const t = text(value)
  return t ? [t] : []
}

/** A URL-ish value: a string, an item's `url`/`@id`/`contentUrl`, the first of an array. */
export function link(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const v of value) {
      const l = link(v)
      if (l) return l
    }
    return undefined
  }
  if (isItem(value)) return text(value.url) ?? text(value.contentUrl) ?? (typeof value['@id'] === 'string' && !value['@id'].startsWith('_:') ? value['@id'] : undefined)
  return text(value)?.trim()
}

/** The items of a value (a node or an array of nodes), references followed; strings are left out. */
export function items(value: unknown, index?: Map<string, SchemaItem>): SchemaItem[] {
  if (Array.isArray(value)) return value.flatMap((v) => items(v, index))
  return isItem(value) ? [deref(value, index)] : []
}

/** schema.org date values: ISO 8601 first, then the RFC 822 form some CMSs emit. */
export function schemaDate(value: unknown): WallTime | undefined {
  const t = text(value)
  return t === undefined ? undefined : (parseIsoDateTime(t) ?? parseRfc822(t))
}

/** A yes/no value as written: a boolean, `true`/`false`, `yes`/`no`, `https://schema.org/True`. */
export function bool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value
  const t = text(value)?.trim().toLowerCase().replace(VOCAB, '')
  if (t === 'true' || t === 'yes') return true
  if (t === 'false' || t === 'no') return false
  return undefined
}
