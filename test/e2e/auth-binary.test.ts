// Pins issue 11's authentication findings against the compiled binary (`serve`), the way the attackers
// sent them: a captured signed request is refused after a restart on the same database; an unsigned HEAD
// is a 401; `Host: a` does not move the path start; a chunked body over the cap gets the JSON 413; a raw
// `'` in a signed query is served.
import { describe, expect, it } from 'bun:test'
import { connect } from 'node:net'
import { join } from 'node:path'
import { signRequest } from '../../src/gateway/signature'
import { binarySuite, startService } from '../helpers/process'

const suite = binarySuite()
const KID = 'e2e'
const SECRET = 'e2e-auth-secret-0123456789abcdef0123456789'
const sign = (method: string, target: string, body: Uint8Array | string = '', id?: string) =>
  signRequest(SECRET, { t: Math.floor(Date.now() / 1000), kid: KID, id, method, pathAndQuery: target, agentId: 'agent-e2e', body })

/** One raw HTTP/1.1 exchange (the target and Host exactly as written); resolves when the server closes. */
function exchange(port: number, head: string, body: Uint8Array = new Uint8Array(0)): Promise<{ status: number; text: string }> {
  return new Promise((resolve) => {
    let out = ''
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(head)
      if (body.length) socket.write(body)
    })
    socket.on('data', (d) => (out += d))
    socket.on('error', () => {})
    socket.on('close', () => resolve({ status: Number(out.slice(9, 12)), text: out.slice(out.indexOf('\r\n\r\n') + 4) }))
  })
}

const get = (port: number, target: string, headers: Record<string, string>, host = '127.0.0.1', method = 'GET') =>
  exchange(
    port,
    `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n${Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('')}\r\n`,
  )

describe('the compiled binary', () => {
  it('refuses what issue 11 found, and refuses a replay after a restart', async () => {
    const env = { GW_SIGNING_KEYS: `${KID}:${SECRET}`, DATABASE_PATH: join(suite.tmp.dir, 'auth.sqlite'), CRAWL_WORKERS: '1' }
    let service = await startService([suite.binary, 'serve'], { cwd: suite.tmp.dir, env })
    suite.defer(() => service.stop())
    const port = () => Number(new URL(service.url).port)

    const apostrophe = "/api/v1/search/events?city=O'Fallon"
    const signed = { 'gw-signature': sign('GET', apostrophe), 'gw-agent-id': 'agent-e2e' }
    expect((await get(port(), apostrophe, signed)).status).toBe(200)

    expect((await get(port(), '/api/v1/search/events', {}, '127.0.0.1', 'HEAD')).status).toBe(401)

    const moved = '/zzz/api/v1/search/events'
    expect((await get(port(), moved, { 'gw-signature': sign('GET', moved), 'gw-agent-id': 'agent-e2e' }, 'a')).status).toBe(403)

    const big = new Uint8Array(2_900_000).fill(0x20)
    const chunk = new TextEncoder().encode(`${big.length.toString(16)}\r\n`)
    const framed = new Uint8Array([...chunk, ...big, ...new TextEncoder().encode('\r\n0\r\n\r\n')])
    const tooLarge = await exchange(
      port(),
      `POST /api/v1/orgs HTTP/1.1\r\nHost: 127.0.0.1\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\ngw-signature: ${sign('POST', '/api/v1/orgs', big)}\r\ngw-agent-id: agent-e2e\r\n\r\n`,
      framed,
    )
    expect(tooLarge.status).toBe(413)
    expect(JSON.parse(tooLarge.text).error).toBe('payload_too_large')

    const captured = { 'gw-signature': sign('GET', '/api/v1/search/events?city=Replay', '', 'captured-1'), 'gw-agent-id': 'agent-e2e' }
    expect((await get(port(), '/api/v1/search/events?city=Replay', captured)).status).toBe(200)
    await service.stop()
    service = await startService([suite.binary, 'serve'], { cwd: suite.tmp.dir, env })
    const replay = await get(port(), '/api/v1/search/events?city=Replay', captured)
    expect(replay.status).toBe(401)
    expect(JSON.parse(replay.text).error).toBe('invalid_gateway_signature')
  }, 60_000)
})
