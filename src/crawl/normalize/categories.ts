/**
 * Categories: the source's own (cleaned, deduplicated ignoring case) plus a small fixed taxonomy of
 * audiences — storytime, teens, kids, family, seniors, adults — the product's focus (spec: "upcoming,
 * family-oriented local events"). The tags come from `audience.ts`, the one table of audience words in the
 * seven languages we read; the search's `audience` filter reads them from `categories`.
 */
import { documentMemo } from '../document-memo'
import { audienceTagsRead, categoryTagBits } from './audience'
import { cleanLine } from '../shared/text'

/**
 * Source categories cleaned: entities/markup removed, whitespace collapsed, lower case (so one feed's
 * `Kids` and the taxonomy's `kids` are one category everywhere), duplicates dropped.
 */
export function cleanCategories(raw: string[] | undefined): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const value of raw ?? []) {
    const text = cleanLine(value)?.replace(/^[#,;|\s]+|[,;|\s]+$/g, '')
    if (!text || text.length > 80) continue
    const k = text.toLowerCase()
    if (seen.has(k)) continue
    seen.add(k)
    out.push(k)
  }
  return out
}

/** A list of source categories cleaned, with the taxonomy tags its words name (categoryTagBits). */
type CleanedList = { list: string[]; tags: number }

const NONE: CleanedList = { list: [], tags: 0 }
const joinable = (v: unknown) => typeof v === 'string' && !v.includes('\u0000')

function cleanedOf(raw: string[]): CleanedList {
  const list = cleanCategories(raw)
  return { list, tags: categoryTagBits(list) }
}

/** A listing's events repeat their category lists: each list (its values joined by NUL) is cleaned and read once per document. */
const cleanedList = documentMemo((joined: string) => cleanedOf(joined.split('\u0000')))

/**
 * `categories` (source first, then taxonomy tags not already there) and `category`: the source's first
 * category, else the most specific taxonomy tag.
 */
export function categorize(input: { title?: string; categories?: string[]; audience?: string; description?: string }): { categories: string[]; category?: string } {
  const raw = input.categories
  const cleaned = !raw?.length ? NONE : raw.every(joinable) ? cleanedList(raw.join('\u0000')) : cleanedOf(raw)
  const source = cleaned.list
  const tags = audienceTagsRead({ title: input.title, categories: source, audience: input.audience, description: input.description }, cleaned.tags)
  if (!tags.length) return { categories: source.slice(), category: source[0] }
  const present = new Set(source.map((s) => s.toLowerCase()))
  const categories = [...source, ...tags.filter((t) => !present.has(t))]
  return { categories, category: source[0] ?? tags[0] }
}
