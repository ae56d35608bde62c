// Pins `event-index sign` and `event-index gateway` argument handling (DESIGN §3, issue 3): sign prints
// the headers of the signature contract, gw1 or gw2 with --id (checked against openssl vectors), reads the secret from
// GW_SIGNING_KEYS when not given; gateway refuses to start without an upstream or its keys.
import { afterAll, describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { writeFileSync } from 'node:fs'
import { BUN, run } from '../helpers/process'
import { tempDir } from '../helpers/tmp'

const CLI = [BUN, 'src/index.ts']
const tmp = tempDir()
afterAll(() => tmp.cleanup())

describe('event-index sign', () => {
  it('prints the headers of the openssl test vector', async () => {
    const body = join(tmp.dir, 'body.json')
    writeFileSync(body, '{"website":"example.org"}')
    const args = ['sign', '--kid', 'k2026', '--secret', 'correct horse battery staple', '--method', 'post', '--path', '/api/v1/orgs', '--agent', 'agent-42', '--body', body, '--t', '1700000000']
    const { code, stdout } = await run([...CLI, ...args])
    expect(code).toBe(0)
    expect(stdout).toBe('gw-signature: t=1700000000,kid=k2026,v1=nBu6MP9Qcm0NBPl8Ok6ndB1TyMZxYIBoUM_l7ItMmpU\ngw-agent-id: agent-42\n')
  })

  it('takes the secret of the kid from GW_SIGNING_KEYS', async () => {
    const { code, stdout } = await run([...CLI, 'sign', '--kid', 'k2026', '--path', '/api/v1/search/events?city=Springfield&limit=5', '--t', '1700000000'], {
      env: { GW_SIGNING_KEYS: 'old:x-0123456789abcdef0123456789-old-secret,k2026:ring-secret-0123456789abcdef0123456789' },
    })
    const explicit = await run([
      ...CLI,
      'sign',
      '--kid',
      'k2026',
      '--secret',
      'ring-secret-0123456789abcdef0123456789',
      '--path',
      '/api/v1/search/events?city=Springfield&limit=5',
      '--t',
      '1700000000',
    ])
    expect(code).toBe(0)
    expect(stdout).toStartWith('gw-signature: t=1700000000,kid=k2026,v1=')
    expect(stdout).toBe(explicit.stdout)
    expect(stdout).not.toContain('gw-agent-id')
  })

  it('prints a gw2 header with --id (the openssl vector) and refuses a malformed id', async () => {
    const body = join(tmp.dir, 'body2.json')
    writeFileSync(body, '{"website":"example.org"}')
    const args = ['sign', '--kid', 'k2026', '--secret', 'correct horse battery staple', '--method', 'POST', '--path', '/api/v1/orgs', '--agent', 'agent-42', '--body', body, '--t', '1700000000']
    const { code, stdout } = await run([...CLI, ...args, '--id', 'lgw-0123abcd'])
    expect(code).toBe(0)
    expect(stdout).toBe('gw-signature: t=1700000000,kid=k2026,id=lgw-0123abcd,v1=wmDQFHHkinxHI8SLB7dtyFHx2-8zekoJqHTC4fLUi1c\ngw-agent-id: agent-42\n')
    expect((await run([...CLI, ...args, '--id', 'a b'])).code).toBe(2)
  })

  it('exits 2 without a kid or a path, and 1 for an unreadable body file', async () => {
    expect((await run([...CLI, 'sign', '--path', '/api/v1/orgs', '--secret', 's'])).code).toBe(2)
    expect((await run([...CLI, 'sign', '--kid', 'k', '--secret', 's'])).code).toBe(2)
    expect((await run([...CLI, 'sign', '--kid', 'k', '--secret', 's', '--path', '/x', '--body', join(tmp.dir, 'missing')])).code).toBe(1)
  })
})

describe('event-index gateway', () => {
  it('exits 2 without --upstream or with one that has a path', async () => {
    expect((await run([...CLI, 'gateway'])).code).toBe(2)
    expect((await run([...CLI, 'gateway', '--upstream', 'http://127.0.0.1:3000/api/v1'])).code).toBe(2)
  })

  it('exits 78 naming the variable when its keys are missing', async () => {
    const noKeys = await run([...CLI, 'gateway', '--upstream', 'http://127.0.0.1:3000'])
    expect(noKeys.code).toBe(78)
    expect(noKeys.stderr).toContain('GW_SIGNING_KEYS')
    const noUsage = await run([...CLI, 'gateway', '--upstream', 'http://127.0.0.1:3000'], { env: { GW_SIGNING_KEYS: 'k:gateway-secret-0123456789abcdef0123456789' } })
    expect(noUsage.code).toBe(78)
    expect(noUsage.stderr).toContain('GW_USAGE_READ_KEY')
  })
})
