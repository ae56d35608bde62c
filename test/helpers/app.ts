import { createApp, type AppDeps } from '../../src/app'
import { loadConfig, type Config } from '../../src/config'
import type { Db } from '../../src/db'
import { eventsGeneration } from '../../src/db/queries/generation'
import { inlineReads } from '../../src/db/read-ops'
import { sqliteMemoryStorage } from './storage'
import { AnswerCache } from '../../src/services/answer-cache'
import type { ReadContext } from '../../src/services/read-context'
import { gatewayHeaders, recordingUsage, TEST_KEYRING, type SignOptions } from './gateway'

/**
 * A fresh app over a fresh, migrated in-memory database (tests never share state), with the test
 * keyring and, unless given, a usage client double that allows everything.
 */
export function makeApp(options: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {}) {
  const config: Config = loadConfig({ GW_SIGNING_KEYS: TEST_KEYRING, PUBLIC_BASE_URL: 'http://public.test', ...options.env })
  const { storage, db } = sqliteMemoryStorage()
  const usage = recordingUsage()
  const app = createApp({ config, storage, usage: usage.client, ...options.deps })
  return { app, db, storage, config, usageCalls: usage.calls }
}

export type TestApp = ReturnType<typeof makeApp>['app']

export type CallOptions = {
  body?: string | object
  headers?: Record<string, string>
  /** Sign the request as the gateway does (default: signed, agent `agent-test`); false sends it unsigned. */
  sign?: SignOptions | false
}

/** Sends one request through `app.handle` and returns status, headers and the parsed JSON body. */
export async function call(app: TestApp, method: string, path: string, init: CallOptions = {}) {
  const body = init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
  const signed = init.sign === false ? {} : gatewayHeaders(method, path, body ?? '', init.sign ?? {})
  const headers = { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...signed, ...init.headers }
  const response = await app.handle(new Request(`http://localhost${path}`, { method, body, headers }))
  const text = await response.text()
  let json: any
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

/** The read services' context over `db` as the app builds it (reads on the test's own connection), with a 64 MiB cache. */
export function readContext(db: Db, cacheBytes = 64 * 1024 * 1024): ReadContext {
  return { reads: inlineReads(db.$client), cache: new AnswerCache(cacheBytes), generation: () => eventsGeneration(db) }
}
