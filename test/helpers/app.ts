import { createApp, type AppDeps } from '../../src/app'
import { loadConfig, type Config } from '../../src/config'
import type { Storage } from '../../src/db/storage'
import { sqliteMemoryStorage } from './storage'
import { AnswerCache } from '../../src/services/answer-cache'
import type { ReadContext } from '../../src/services/read-context'
import { gatewayHeaders, recordingUsage, TEST_KEYRING, type SignOptions } from './gateway'

export type AppOptions = {
  /** A fresh storage of the backend under test (forEachBackend's `open()`); a fresh in-memory SQLite one when not given. */
  storage?: Storage
  env?: Record<string, string>
  deps?: Partial<AppDeps>
}

/**
 * A fresh app over `storage`, a fresh migrated database of either backend (tests never share state), with
 * the test keyring and, unless given, a usage client double that allows everything. Suites that touch
 * stored data pass the storage of each backend (forEachBackend); protocol-only suites take the default.
 */
export function makeApp(options: AppOptions = {}) {
  const config: Config = loadConfig({ GW_SIGNING_KEYS: TEST_KEYRING, PUBLIC_BASE_URL: 'http://public.test', ...options.env })
  const storage = options.storage ?? sqliteMemoryStorage().storage
  const usage = recordingUsage()
  const app = createApp({ config, storage, usage: usage.client, ...options.deps })
  return { app, storage, config, usageCalls: usage.calls }
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

/** The read services' context over `storage` as the app builds it (reads on the storage's own connections), with a 64 MiB cache. */
export function readContext(storage: Storage, cacheBytes = 64 * 1024 * 1024): ReadContext {
  return { reads: storage.openReads({ workers: 0 }), cache: new AnswerCache(cacheBytes), generation: () => storage.events.generation() }
}
