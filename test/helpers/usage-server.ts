import type { Server } from 'bun'

export type UsageBehaviour = { allowance: number | 'allow' | 'deny' | 'hang' | 'garbage'; usage?: number | 'hang' | 'late' }
export type Received = { path: string; authorization: string | null; body: any }

/**
 * A real usage service on loopback whose answers a test chooses (and may change between calls, the object
 * is read on every request): `allow`/`deny` (200 {allowed}), a status code, `hang` (never answers within
 * the client's timeout, records nothing), `late` (a report recorded at once and answered only after the
 * client's timeout) or `garbage` (200 with a body that is not JSON). `recorded` holds the request ids of
 * the reports it recorded (answered 2xx, or `late`), once each: reports are idempotent by request id.
 */
export function startUsageServer(behaviour: UsageBehaviour) {
  const received: Received[] = []
  const recorded = new Set<string>()
  const server: Server<undefined> = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname
      received.push({ path, authorization: request.headers.get('authorization'), body: await request.json() })
      const answer = path === '/allowance' ? behaviour.allowance : (behaviour.usage ?? 204)
      const requestId = received.at(-1)!.body?.request_id
      if (path === '/usage' && (answer === 'late' || (typeof answer === 'number' && answer < 300))) recorded.add(requestId)
      if (answer === 'late') {
        await Bun.sleep(3000)
        return new Response(null, { status: 204 })
      }
      if (answer === 'hang') {
        await Bun.sleep(3000)
        return Response.json({ allowed: true })
      }
      if (answer === 'allow' || answer === 'deny') return Response.json({ allowed: answer === 'allow' })
      if (answer === 'garbage') return new Response('<html>oops</html>', { headers: { 'content-type': 'text/html' } })
      return new Response(answer === 204 ? null : JSON.stringify({ error: 'x' }), { status: answer })
    },
  })
  return { url: `http://127.0.0.1:${server.port}`, received, recorded, stop: () => server.stop(true) }
}

/** A URL on loopback where nothing listens (a port that was just freed). */
export function deadUrl(): string {
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() })
  const url = `http://127.0.0.1:${server.port}`
  server.stop(true)
  return url
}
