/**
 * Rule: the model's schemas check their string formats without the web framework loaded. The crawler
 * worker and the CLI build records from the model alone; a format only the framework registers would make
 * every check there fail (or, unregistered, pass anything). Run in a fresh process so no other test file
 * has loaded the framework first.
 */
import { expect, test } from 'bun:test'
import { join } from 'node:path'

const ROOT = join(import.meta.dir, '../..')

test('an organization record is checked for its date-time without Elysia loaded', async () => {
  const script = `
    import { Value } from '@sinclair/typebox/value'
    import { Type } from '@sinclair/typebox'
    import '${ROOT}/src/model/organization.ts'
    const loaded = Object.keys(require.cache).some((k) => k.includes('/node_modules/elysia/'))
    const schema = Type.String({ format: 'date-time' })
    console.log(JSON.stringify({ loaded, good: Value.Check(schema, '2026-11-24T10:00:00.000Z'), offset: Value.Check(schema, '2026-11-24T10:00:00+01:00'), bad: Value.Check(schema, 'next tuesday'), impossible: Value.Check(schema, '2026-13-45T10:00:00Z') }))`
  const proc = Bun.spawn([process.execPath, '-e', script], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe' })
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()])
  expect(err).toBe('')
  expect(JSON.parse(out)).toEqual({ loaded: false, good: true, offset: true, bad: false, impossible: false })
})
