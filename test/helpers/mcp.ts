import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client'
import type { Server } from 'bun'
import type { AppDeps } from '../../src/app'
import { startServer } from '../../src/http/server'
import { silentLogger } from '../../src/log'
import { issueAccessToken, type Scope, ALL_SCOPES } from '../../src/oauth/tokens'
import { createAccount } from '../../src/services/credits'
import type { Storage } from '../../src/db/storage'
import { makeApp } from './app'
import { seedOrganization } from './seed'

/**
 * The app on a real loopback socket (PORT 0) served by `startServer` as `serve` does (so the socket's peer
 * address reaches the app), with PUBLIC_BASE_URL empty so the MCP resource and the issuer are
 * http://127.0.0.1:<port>, as `serve` computes them. CRAWL_ALLOW_PRIVATE lets tools and the
 * client-metadata fetcher reach other loopback servers of the test.
 */
export function startMcpApp(options: { storage?: Storage; env?: Record<string, string>; deps?: Partial<AppDeps> } = {}) {
  let server: Server<undefined> | undefined
  const port = () => server?.port ?? 0
  const made = makeApp({
    storage: options.storage,
    env: { PUBLIC_BASE_URL: '', CRAWL_ALLOW_PRIVATE: 'true', ...options.env },
    deps: { publicBaseUrl: () => `http://127.0.0.1:${port()}`, listeningPort: port, ...options.deps },
  })
  server = startServer(made.app, { hostname: '127.0.0.1', port: 0, logger: silentLogger })
  const base = `http://127.0.0.1:${server.port}`
  return { ...made, server, base, mcpUrl: `${base}/mcp`, stop: () => server!.stop(true) }
}

/** An account with `credits` and an access token for it minted directly (the OAuth dance has its own tests). */
export async function accountWithToken(app: { storage: Storage; base: string }, options: { credits: number; scopes?: Scope[]; email?: string }) {
  const account = await createAccount(app.storage, { email: options.email ?? `a${Math.random().toString(36).slice(2, 8)}@example.org`, credits: options.credits, nowMs: Date.now() })
  const token = await issueAccessToken(app.storage, {
    issuer: app.base,
    resource: `${app.base}/mcp`,
    accountId: account.accountId,
    clientId: 'https://client.example/meta.json',
    scopes: options.scopes ?? ALL_SCOPES,
    nowMs: Date.now(),
  })
  return { ...account, token }
}

/** The SDK's own client over Streamable HTTP; `modern` pins the 2026-07-28 revision, else 2025-11-25 is negotiated. */
export async function connect(url: string, options: { token?: string; modern?: boolean; headers?: Record<string, string>; onResponse?: (response: Response) => void } = {}) {
  const client = new Client({ name: 'event-index-test', version: '1.0.0' }, options.modern ? ({ versionNegotiation: { mode: { pin: '2026-07-28' } } } as never) : undefined)
  const observe = options.onResponse
  const transport = new StreamableHTTPClientTransport(new URL(url), {
    ...(options.token || options.headers ? { requestInit: { headers: { ...options.headers, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) } } } : {}),
    ...(observe
      ? {
          fetch: async (input: string | URL | Request, init?: RequestInit) => {
            const r = await fetch(input, init)
            observe(r)
            return r
          },
        }
      : {}),
  })
  await client.connect(transport)
  return client
}

/** Calls a tool and returns its result with `structuredContent` typed loosely for assertions. */
export async function callTool(client: Client, name: string, args: Record<string, unknown> = {}) {
  const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; structuredContent?: any; content: { type: string; text?: string }[] }
  return result
}

/** A ready-made indexed organization for tool tests: venues with coordinates, categories, a recurring event. */
export async function seedRichOrganization(storage: Storage, nowMs = Date.now()) {
  const day = (n: number, time = '10:00:00') => `${new Date(nowMs + n * 86_400_000).toISOString().slice(0, 10)}T${time}-05:00`
  const events = [
    {
      title: 'Storytime in the Park',
      description: 'Stories, songs & "rhymes"; bring a blanket.',
      url: 'https://springfield-library.org/events/storytime',
      startDate: day(1),
      endDate: day(1, '11:00:00'),
      eventStatus: 'EventScheduled',
      city: 'Springfield',
      category: 'storytime',
      categories: ['storytime', 'kids'],
      venue: { name: 'Central Park Pavilion', address: '1 Park Rd', latitude: 39.7817, longitude: -89.6501 },
      event_id: 'evt_storytime',
      schedule: {
        type: 'recurring',
        startDate: day(1),
        occurrences: [{ startDate: day(1) }, { startDate: day(8) }, { startDate: day(15) }],
        recurrence: { pattern: 'weekly', frequency: 1, weekdays: ['TU'], ordinal: null, dayOfMonth: null, resolvedZone: 'America/Chicago' },
      },
    },
    {
      title: 'Teen Robotics Club',
      startDate: day(2, '16:00:00'),
      city: 'Springfield',
      categories: ['teens'],
      venue: { name: 'Main Library', address: '100 Main St', latitude: 39.8017, longitude: -89.6436 },
      event_id: 'evt_robotics',
    },
    {
      title: 'Concert in Shelbyville',
      startDate: day(3, '19:00:00'),
      city: 'Shelbyville',
      categories: ['music'],
      venue: { name: 'Hall', address: null, latitude: 39.4064, longitude: -88.79 },
      event_id: 'evt_concert',
    },
  ]
  return { orgId: await seedOrganization(storage, { domain: 'springfield-library.org', name: 'Springfield Public Library', timezone: 'America/Chicago', events: events as never, nowMs }), events }
}
