import { createApp, type AppDeps } from '../../src/app'
import { loadConfig, type Config } from '../../src/config'
import { migrate, openDatabase } from '../../src/db'

/** A fresh app over a fresh, migrated in-memory database (tests never share state). */
export function makeApp(options: { env?: Record<string, string>; deps?: Partial<AppDeps> } = {}) {
  const config: Config = loadConfig(options.env ?? {})
  const db = openDatabase(':memory:')
  migrate(db)
  const app = createApp({ config, db, ...options.deps })
  return { app, db, config }
}

export type TestApp = ReturnType<typeof makeApp>['app']

/** Sends one request through `app.handle` and returns status, headers and the parsed JSON body. */
export async function call(app: TestApp, method: string, path: string, init: { body?: string | object; headers?: Record<string, string> } = {}) {
  const body = init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body)
  const headers = { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...init.headers }
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
