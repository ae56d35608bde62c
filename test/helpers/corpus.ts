import { join } from 'node:path'
import { ROOT } from './process'

/** The shared corpus (real data with expected answers), read in place beside the checkout, never copied. */
export const CORPUS = join(ROOT, '..', 'shared', 'corpus')

/** Fixture documents written for this repository's tests. */
export const FIXTURES = join(ROOT, 'test', 'fixtures', 'documents')

/** Reads a corpus file as text. */
export function corpusText(path: string): Promise<string> {
  return Bun.file(join(CORPUS, path)).text()
}

/**
 * ISO 8601 in one canonical spelling, for comparing date-times written differently: `YYYY-MM-DD`, or
 * `YYYY-MM-DDTHH:MM:SS` plus `Z`/`±HH:MM`. Ordinal dates (`2013-034`) become calendar dates. Anything
 * else is returned unchanged. Independent of the code under test on purpose.
 */
export function canonicalIso(text: string): string {
  const ordinal = /^(\d{4})-(\d{3})$/.exec(text.trim())
  if (ordinal) return new Date(Date.UTC(Number(ordinal[1]), 0, Number(ordinal[2]))).toISOString().slice(0, 10)
  const m = /^(\d{4}-\d{2}-\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2}))?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/.exec(text.trim())
  if (!m) return text
  if (!m[2]) return m[1]
  let offset = ''
  if (m[5]) {
    if (/^z$/i.test(m[5])) offset = 'Z'
    else {
      const digits = m[5].replace(':', '')
      offset = `${digits.slice(0, 3)}:${digits.slice(3, 5) || '00'}`
    }
  }
  return `${m[1]}T${m[2]}:${m[3]}:${m[4] ?? '00'}${offset}`
}
