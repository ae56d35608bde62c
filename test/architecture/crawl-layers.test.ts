// Pins the layering inside src/crawl (issue 16): extract/ and normalize/ never import each other (what both
// need lives in shared/, which imports neither), and no import cycle passes through normalize/ or shared/.
// Type-only imports count: they tie the files together for a reader just the same.
import { describe, expect, it } from 'bun:test'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'

const CRAWL = resolve(import.meta.dir, '../../src/crawl')

const IMPORT_PATTERNS = [/^\s*(?:import|export)\s[^'"]*?\bfrom\s*['"]([^'"]+)['"]/gm, /^\s*import\s*['"]([^'"]+)['"]/gm, /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g]

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

function resolveImport(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined
  const base = resolve(dirname(from), specifier)
  return [`${base}.ts`, base, join(base, 'index.ts')].find((p) => p.endsWith('.ts') && existsSync(p))
}

/** The crawl folder's import graph, as paths relative to src/crawl. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(CRAWL)) {
    const text = readFileSync(file, 'utf8')
    const targets = IMPORT_PATTERNS.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => resolveImport(file, m[1])))
    graph.set(
      relative(CRAWL, file),
      targets.filter((t): t is string => !!t && t.startsWith(CRAWL)).map((t) => relative(CRAWL, t)),
    )
  }
  return graph
}

/** Strongly connected components of more than one file, or of a file importing itself (Tarjan). */
function importCycles(graph: Map<string, string[]>): string[][] {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  const visit = (v: string) => {
    index.set(v, counter)
    low.set(v, counter++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1 || graph.get(v)?.includes(v)) cycles.push(component.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return cycles
}

const area = (path: string) => path.split('/')[0]
const edges = (graph: Map<string, string[]>) => [...graph].flatMap(([from, tos]) => tos.map((to) => ({ from, to })))

describe('crawl layers', () => {
  const graph = importGraph()

  it('reads the import graph it judges (type-only and re-exports included)', () => {
    expect(graph.get('normalize/index.ts')).toContain('normalize/occurrences.ts')
    expect(graph.get('normalize/recurrence/instance-series.ts')).toContain('normalize/draft.ts')
    expect(graph.get('normalize/recurrence/index.ts')).toContain('normalize/recurrence/event-schedule.ts')
    expect(graph.get('extract/ical/index.ts')).toContain('shared/rrule/expand.ts')
  })

  it('extract never imports normalize, and normalize never imports extract', () => {
    const crossing = edges(graph).filter(({ from, to }) => (area(from) === 'extract' && area(to) === 'normalize') || (area(from) === 'normalize' && area(to) === 'extract'))
    expect(crossing).toEqual([])
  })

  it('shared imports neither extract, normalize nor the pipeline above them', () => {
    const upward = edges(graph).filter(({ from, to }) => area(from) === 'shared' && ['extract', 'normalize', 'pipeline', 'pipeline.ts'].includes(area(to)))
    expect(upward).toEqual([])
  })

  it('no import cycle passes through normalize or shared', () => {
    const cycles = importCycles(graph).filter((cycle) => cycle.some((file) => area(file) === 'normalize' || area(file) === 'shared'))
    expect(cycles).toEqual([])
  })

  it('finds a cycle when there is one (the detector itself)', () => {
    const cyclic = new Map([
      ['normalize/a.ts', ['normalize/b.ts']],
      ['normalize/b.ts', ['normalize/a.ts', 'shared/c.ts']],
      ['shared/c.ts', []],
    ])
    expect(importCycles(cyclic)).toEqual([['normalize/a.ts', 'normalize/b.ts']])
  })
})
