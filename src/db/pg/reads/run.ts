import type { SQL } from 'bun'

/** A statement's bound values by name (`$name` in the text). */
export type Named = Record<string, unknown>

/**
 * The statement with its `$name` placeholders made positional (`$1`…), each name bound once whatever
 * the number of times it appears: PostgreSQL takes positional parameters only, and the read statements
 * are clearer with names. A name the values lack is an error, never a NULL bound by mistake.
 */
export function positional(text: string, named: Named): { text: string; values: unknown[] } {
  const index = new Map<string, number>()
  const values: unknown[] = []
  const out = text.replace(/\$([a-z_][a-z0-9_]*)/gi, (_, name: string) => {
    let i = index.get(name)
    if (i === undefined) {
      if (!(name in named)) throw new Error(`no value bound for $${name}`)
      values.push(named[name])
      index.set(name, (i = values.length))
    }
    return `$${i}`
  })
  return { text: out, values }
}

/**
 * Text PostgreSQL cannot hold (with a NUL character; binding it fails the query) is bound as NULL: it
 * equals no stored value, and NULL equals none either, so a filter on a city, category, tag or id the
 * client wrote that way matches nothing, and `(region IS NULL OR region = $region)` lets only the unknown
 * ones pass, as SQLite answers the same value.
 */
const bindable = (v: unknown) => (typeof v === 'string' && v.includes('\u0000') ? null : v)

/** Runs a read statement with named values on the pool; rows as arrays in column order. */
export async function rows<T extends unknown[] = unknown[]>(sql: SQL, text: string, named: Named): Promise<T[]> {
  const p = positional(text, named)
  return (await sql.unsafe(p.text, p.values.map(bindable)).values()) as T[]
}
