// Pins what a newcomer meets in a checkout (issue 15): the README's shell commands run as written
// (`npx event-index …`, never a bare `event-index` that is on no path), `src/index.ts` is committed
// executable (so `npx event-index` does not leave a changed file behind), and the suites are split so
// that `npm test` needs nothing beside the clone: no test it runs reads ../shared/corpus or starts a
// browser; those live in test/corpus and test/browser, which the top-level bunfig.toml leaves out. Every
// suite runs in random order (`--randomize` in its npm script, the seed printed in its summary).
import { describe, expect, it } from 'bun:test'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import pkg from '../../package.json'
import { ROOT, run } from '../helpers/process'

const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')

/** Every line of the README's ```sh blocks. */
function shellLines(): string[] {
  return [...readme.matchAll(/```sh\n([\s\S]*?)```/g)].flatMap((m) => m[1].split('\n'))
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'fixtures' ? [] : testFiles(path)
    return entry.name.endsWith('.test.ts') ? [relative(ROOT, path)] : []
  })
}

describe('a checkout', () => {
  it("runs the README's commands as written: npx event-index, not a bare event-index", () => {
    const lines = shellLines()
    expect(lines.some((line) => line.startsWith('npx event-index '))).toBe(true)
    expect(lines.filter((line) => /^event-index\b/.test(line.trim()))).toEqual([])
    expect(pkg.bin['event-index']).toBe('src/index.ts')
  })

  it('has src/index.ts executable, in the repository as on disk', async () => {
    expect(statSync(join(ROOT, 'src/index.ts')).mode & 0o111).toBe(0o111)
    // Outside a git checkout (an unpacked archive) only the file's mode can be checked; in one, the
    // committed mode must be 100755 (git ls-files -s), or a fresh clone gets a file npx changes.
    if (!existsSync(join(ROOT, '.git'))) return
    const { code, stdout } = await run(['git', 'ls-files', '-s', 'src/index.ts'])
    expect(code).toBe(0)
    expect(stdout.split(' ')[0]).toBe('100755')
  })

  it('keeps npm test to the repository: the corpus and browser suites are in their own folders, left out of it', () => {
    const bunfig = readFileSync(join(ROOT, 'bunfig.toml'), 'utf8')
    expect(bunfig).toContain('pathIgnorePatterns = ["test/corpus/**", "test/browser/**"]')
    const self = relative(ROOT, import.meta.path)
    const outside = testFiles(join(ROOT, 'test')).filter((f) => !f.startsWith('test/corpus/') && !f.startsWith('test/browser/') && f !== self)
    expect(outside.length).toBeGreaterThan(100)
    const readers = outside.filter((f) => /\bCORPUS\b|corpusText|\.\.\/shared|playwright|chromium/.test(readFileSync(join(ROOT, f), 'utf8')))
    expect(readers).toEqual([])
    expect(testFiles(join(ROOT, 'test/corpus')).length).toBeGreaterThan(5)
    expect(pkg.scripts['test:corpus']).toStartWith('bun test --config=test/corpus/bunfig.toml')
    expect(pkg.scripts['test:browser']).toStartWith('bun test --config=test/browser/bunfig.toml')
    expect(pkg.scripts.start).toStartWith('exec ')
  })

  it('runs every suite in random order, as .ci/run runs them (issue 16: tests pass in any order)', () => {
    for (const script of ['test', 'test:corpus', 'test:browser'] as const) expect(pkg.scripts[script].split(' ')).toContain('--randomize')
    const ci = readFileSync(join(ROOT, '.ci/run'), 'utf8')
    for (const suite of ['suite test test', 'suite corpus run test:corpus', 'suite browser run test:browser']) expect(ci).toContain(suite)
  })
})
