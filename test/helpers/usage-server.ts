import type { Server } from 'bun'

export type UsageBehaviour = { allowance: number | 'allow' | 'deny' | 'hang' | 'garbage'; usage?: number | 'hang' }
export type Received = { path: string; authorization: string | null; body: any }

/**
 * A real usage service on loopback whose answers a test chooses: `allow`/`deny` (200 {allowed}), a status
 * code, `hang` (never answers within the client's timeout) or `garbage` (200 with a body that is not JSON).
 */
export function startUsageServer(behaviour: UsageBehaviour) {
  const received: Received[] = []
  const server: Server<undefined> = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const path = new URL(request.url).pathname
      received.push({ path, authorization: request.headers.get('authorization'), body: await request.json() })
      const answer = path === '/allowance' ? behaviour.allowance : behaviour.usage ?? 204
      if (answer === 'hang') {
        await Bun.sleep(3000)
        return Response.json({ allowed: true })
      }
      if (answer === 'allow' || answer === 'deny') return Response.json({ allowed: answer === 'allow' })
      if (answer === 'garbage') return new Response('<html>oops</html>', { headers: { 'content-type': 'text/html' } })
      return new Response(answer === 204 ? null : JSON.stringify({ error: 'x' }), { status: answer })
    },
  })
  return { url: `http://127.0.0.1:${server.port}`, received, stop: () => server.stop(true) }
}

/** A URL on loopback where nothing listens (a port that was just freed). */
export function deadUrl(): string {
  const server = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() })
  const url = `http://127.0.0.1:${server.port}`
  server.stop(true)
  return url
}
