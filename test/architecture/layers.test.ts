/**
 * Rule (issue 16): src/ reads top-down as surfaces (http, mcp, cli) → use cases (services) → crawl / jobs /
 * storage (db) → model, and each rule has one home. Pinned here from the source text itself:
 * - forbidden imports: mcp → http, http → mcp, crawl → db, db → crawl, model → elysia (and model → any
 *   layer above it);
 * - no SQL and no drizzle query builder outside src/db/;
 * - outside src/db/, storage is reached only through its interface (issue 17): nothing imports bun:sqlite,
 *   drizzle or a module of src/db/ other than the interface (storage.ts, storage-types.ts, reads.ts) and
 *   its factory (open-storage.ts), so the same callers run over SQLite or PostgreSQL;
 * - no file in src/ over 300 lines (functions over 60 lines are refused by Biome's
 *   noExcessiveLinesPerFunction in `npm run lint`, run by .ci/run).
 */
import { describe, expect, test } from 'bun:test'
import { readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const ROOT = join(import.meta.dir, '../..')
const SRC = join(ROOT, 'src')
const files = [...new Bun.Glob('**/*.ts').scanSync(SRC)].filter((f) => !f.endsWith('.d.ts')).sort()
const text = new Map(files.map((f) => [f, readFileSync(join(SRC, f), 'utf8')]))

/** Every module specifier a file imports or re-exports (static and dynamic). */
function specifiers(source: string): string[] {
  const out: string[] = []
  for (const m of source.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"`;]*?from\s*['"]([^'"]+)['"]/g)) out.push(m[1]!)
  for (const m of source.matchAll(/(?:^|\n)\s*import\s*['"]([^'"]+)['"]/g)) out.push(m[1]!)
  for (const m of source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) out.push(m[1]!)
  return out
}

/** The top folder of src/ a specifier lands in ('' for src/ itself), or the package name for bare ones. */
function target(from: string, spec: string): string {
  if (!spec.startsWith('.')) return `pkg:${spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]}`
  const abs = resolve(SRC, dirname(from), spec)
  const rel = relative(SRC, abs)
  if (rel.startsWith('..')) return `outside:${rel}`
  return rel.includes('/') ? rel.split('/')[0]! : ''
}

const layer = (file: string) => (file.includes('/') ? file.split('/')[0]! : '')

const FORBIDDEN: Record<string, string[]> = {
  mcp: ['http'],
  http: ['mcp'],
  crawl: ['db', 'jobs', 'services', 'http', 'mcp', 'cli'],
  db: ['crawl', 'services', 'http', 'mcp', 'cli', 'jobs'],
  model: ['pkg:elysia', 'http', 'mcp', 'cli', 'services', 'db', 'crawl', 'jobs'],
  services: ['http', 'mcp', 'cli'],
}

describe('layering', () => {
  test('no forbidden import between layers', () => {
    const bad: string[] = []
    for (const [file, source] of text) {
      const banned = FORBIDDEN[layer(file)]
      if (!banned) continue
      for (const spec of specifiers(source)) if (banned.includes(target(file, spec))) bad.push(`${file} → ${spec}`)
    }
    expect(bad).toEqual([])
  })

  test('the checker sees the imports it judges (a forbidden import in a sample is found)', () => {
    expect(specifiers("import { x } from '../http/common'\nexport * from './y'\nconst z = await import('../db')")).toEqual(['../http/common', './y', '../db'])
    expect(target('mcp/tools/search.ts', '../../http/common')).toBe('http')
    expect(target('model/event.ts', 'elysia')).toBe('pkg:elysia')
  })
})

const SQL = /\b(SELECT\s+[\w*(]|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX)|PRAGMA\s+\w)|\$client\b|from\s+['"]drizzle-orm|\bsql`|from\s+['"]bun:sqlite['"]/

describe('storage', () => {
  test('no SQL or query builder outside src/db/', () => {
    const bad = files
      .filter((f) => !f.startsWith('db/'))
      .flatMap((f) =>
        text
          .get(f)!
          .split('\n')
          .map((line, i) => [f, i + 1, line] as const),
      )
      .filter(([, , line]) => SQL.test(line))
      .map(([f, n, line]) => `${f}:${n}: ${line.trim().slice(0, 100)}`)
    expect(bad).toEqual([])
  })
})

/** The modules of src/db/ that callers outside it may import: the interface, its plain types, the read side's types, the factory. */
const STORAGE_API = new Set(['db/storage.ts', 'db/storage-types.ts', 'db/reads.ts', 'db/open-storage.ts'])

/** Why `spec`, imported by `from` (outside src/db/), reaches storage other than through its interface; undefined when it does not. */
function storageBypass(from: string, spec: string): string | undefined {
  if (spec === 'bun:sqlite' || spec.startsWith('drizzle-orm') || spec.startsWith('drizzle-kit')) return 'a database driver'
  if (!spec.startsWith('.')) return undefined
  const rel = relative(SRC, resolve(SRC, dirname(from), spec))
  if (rel !== 'db' && !rel.startsWith('db/')) return undefined
  return STORAGE_API.has(`${rel.replace(/\.ts$/, '')}.ts`) ? undefined : 'a module behind the storage interface'
}

describe('storage interface', () => {
  test('nothing outside src/db/ imports a driver or a module behind the interface', () => {
    const bad: string[] = []
    for (const [file, source] of text) {
      if (file.startsWith('db/')) continue
      for (const spec of specifiers(source)) {
        const why = storageBypass(file, spec)
        if (why) bad.push(`${file} → ${spec} (${why})`)
      }
    }
    expect(bad).toEqual([])
  })

  test('the checker refuses the ways around the interface and lets the interface through', () => {
    expect(storageBypass('services/credits.ts', '../db/queries/credits')).toBe('a module behind the storage interface')
    expect(storageBypass('app.ts', './db')).toBe('a module behind the storage interface')
    expect(storageBypass('jobs/runner.ts', '../db/client')).toBe('a module behind the storage interface')
    expect(storageBypass('mcp/tools/jobs.ts', '../../db/sqlite-storage')).toBe('a module behind the storage interface')
    expect(storageBypass('cli/x.ts', 'bun:sqlite')).toBe('a database driver')
    expect(storageBypass('http/x.ts', 'drizzle-orm/bun-sqlite')).toBe('a database driver')
    expect(storageBypass('services/credits.ts', '../db/storage')).toBeUndefined()
    expect(storageBypass('service.ts', './db/open-storage')).toBeUndefined()
    expect(storageBypass('services/read-context.ts', '../db/reads')).toBeUndefined()
    expect(storageBypass('jobs/runner.ts', '../model/job-state')).toBeUndefined()
  })
})

describe('size', () => {
  test('no file in src/ over 300 lines', () => {
    const long = files
      .map((f) => [f, text.get(f)!.replace(/\n$/, '').split('\n').length] as const)
      .filter(([, n]) => n > 300)
      .map(([f, n]) => `${f}: ${n}`)
    expect(long).toEqual([])
  })
})
