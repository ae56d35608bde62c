// Pins the README's configuration table to the config schema: a variable added, removed or
// re-described in src/config/schema.ts without regenerating the table (npm run docs:config) fails here.
import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { configKeys, configTable } from '../../src/config'

describe('README configuration table', () => {
  it('is exactly the table generated from the schema', async () => {
    const readme = await Bun.file(join(import.meta.dir, '../../README.md')).text()
    const match = /<!-- config-table:start -->\n([\s\S]*?)\n<!-- config-table:end -->/.exec(readme)
    expect(match).not.toBeNull()
    expect(match![1]).toBe(configTable())
  })

  it('lists every variable of DESIGN §3, the ones issue 11 added (billing settlement, abuse limits), issue 12 (read workers, cache budget), the test web of issue 14 (CRAWL_RESOLVE) the local ports of issue 15 (GATEWAY_PORT, DEMO_PORT) and the PostgreSQL database of issue 17 (DATABASE_URL)', () => {
    expect([...configKeys].sort() as string[]).toEqual(
      [
        'PORT',
        'HOST',
        'DATABASE_PATH',
        'PUBLIC_BASE_URL',
        'GW_SIGNING_KEYS',
        'GW_USAGE_URL',
        'GW_USAGE_READ_KEY',
        'GW_USAGE_WRITE_KEY',
        'GW_SERVICE_SLUG',
        'AGENT_KEYS',
        'SMTP_URL',
        'REPORT_TO',
        'REPORT_DAILY_CAP',
        'CRAWL_WORKERS',
        'JOB_LEASE_MS',
        'CRAWL_MAX_PAGES',
        'CRAWL_USER_AGENT',
        'CRAWL_ALLOW_PRIVATE',
        'LOG_LEVEL',
        'BILLING_SETTLE_AFTER_MS',
        'REPORT_MAIL_HOURLY_CAP',
        'TRUSTED_PROXIES',
        'CRAWL_RESOLVE',
        'GATEWAY_PORT',
        'DEMO_PORT',
        'READ_WORKERS',
        'CACHE_MEMORY_MB',
        'DATABASE_URL',
      ].sort(),
    )
  })
})
