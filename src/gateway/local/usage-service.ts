import { timingSafeEqual } from '../../crypto-native'
import type { UsageItem } from '../routes'
import type { Ledger } from './ledger'

export type UsageServiceKeys = { readKey: string; writeKey: string }

const METERS = new Set(['orgs_index', 'events_pull'])

const json = (status: number, body: unknown) => Response.json(body, { status })

function bearerIs(request: Request, key: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '')
  const expected = Buffer.from(key)
  return given.length === expected.length && timingSafeEqual(given, expected)
}

type UsageBody = { request_id: string; service: string; agent_id: string; usage: UsageItem[] }

function parseBody(value: unknown): UsageBody | string {
  const body = value as Partial<UsageBody> | null
  if (!body || typeof body !== 'object') return 'body must be a JSON object'
  if (typeof body.request_id !== 'string' || !body.request_id) return 'request_id is required'
  if (typeof body.agent_id !== 'string' || !body.agent_id) return 'agent_id is required'
  if (typeof body.service !== 'string') return 'service is required'
  if (!Array.isArray(body.usage) || !body.usage.every((u) => u && METERS.has(u.meter) && Number.isInteger(u.quantity) && u.quantity >= 0))
    return 'usage must be a list of {meter: orgs_index|events_pull, quantity: integer ≥ 0}'
  return body as UsageBody
}

/**
 * The usage service of DESIGN §4 as the local gateway runs it, and the only place it debits:
 * `POST /allowance` (read key) answers `{allowed}` and, when allowed, holds the quoted amount for the
 * request id ({@link Ledger.reserve}); `POST /usage` (write key) settles it: 200 when debited now or
 * already debited for this request id (a retry), 402 `insufficient_allowance` when the balance cannot
 * cover it, so the service never serves a request that was not debited. Wrong key → 401, bad body → 400,
 * so a misconfigured service sees the 4xx it must turn into a 503.
 */
export async function handleUsage(request: Request, path: string, ledger: Ledger, keys: UsageServiceKeys): Promise<Response> {
  if (request.method !== 'POST' || (path !== '/allowance' && path !== '/usage')) return json(404, { error: 'not_found', message: 'POST /allowance or /usage' })
  if (!bearerIs(request, path === '/allowance' ? keys.readKey : keys.writeKey)) return json(401, { error: 'unauthorized', message: `wrong key for ${path}` })
  let parsed: UsageBody | string
  try {
    parsed = parseBody(await request.json())
  } catch {
    parsed = 'body must be JSON'
  }
  if (typeof parsed === 'string') return json(400, { error: 'invalid_request', message: parsed })
  if (path === '/allowance') return json(200, { allowed: ledger.reserve(parsed.request_id, parsed.agent_id, parsed.usage) })
  const settlement = ledger.settle(parsed.request_id, parsed.agent_id, parsed.usage)
  if (settlement === 'refused') return json(402, { error: 'insufficient_allowance', message: 'the balance does not cover this usage; nothing was debited' })
  return json(200, { recorded: true, duplicate: settlement === 'duplicate' })
}
