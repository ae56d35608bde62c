// Pins the conformance baseline (.ci/run runs the official suite against the binary with it): every
// expected failure names a scenario of the installed suite and says why it does not apply, and the
// scenarios that apply to our tool set (initialize, ping, tools/list, logging, DNS rebinding) are never in it.
import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { BUN, ROOT, run } from '../helpers/process'

const baseline = (await Bun.file(join(ROOT, 'test/mcp/conformance-baseline.json')).json()) as { server: string[]; reasons: Record<string, string> }

describe('conformance baseline', () => {
  it('gives a reason for each entry and for nothing else', () => {
    expect(Object.keys(baseline.reasons).sort()).toEqual([...baseline.server].sort())
    for (const reason of Object.values(baseline.reasons)) expect(reason.length).toBeGreaterThan(20)
  })

  it('lists only scenarios the installed suite has, and none that apply to our tools', async () => {
    const listed = await run([BUN, join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js'), 'list', '--server'])
    const scenarios = [...listed.stdout.matchAll(/^\s+- ([a-z0-9-]+)/gm)].map((m) => m[1])
    for (const name of baseline.server) expect(scenarios).toContain(name)
    for (const name of ['server-initialize', 'ping', 'tools-list', 'logging-set-level', 'dns-rebinding-protection']) {
      expect(scenarios).toContain(name)
      expect(baseline.server).not.toContain(name)
    }
  })
})
