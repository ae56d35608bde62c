// Pins the configuration contract (DESIGN §3): one schema with a default for every variable; values
// converted from strings; a bad value stops start-up with a ConfigError naming the variable; secrets
// never appear in what is printed.
import { describe, expect, it } from 'bun:test'
import { ConfigError, ConfigSchema, configKeys, loadConfig, redactConfig, SECRET_KEYS } from '../../src/config'

function errorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error
    throw error
  }
  throw new Error('expected a ConfigError')
}

describe('loadConfig', () => {
  it('gives every variable its default and a description', () => {
    const config = loadConfig({})
    for (const key of configKeys) {
      const schema = (ConfigSchema.properties as any)[key]
      expect(schema.description?.length).toBeGreaterThan(10)
      expect(config[key]).toEqual(schema.default)
    }
    expect(config.PORT).toBe(3000)
    expect(config.HOST).toBe('127.0.0.1')
    expect(config.DATABASE_PATH).toBe('./data/event-index.sqlite')
    expect(config.CRAWL_ALLOW_PRIVATE).toBe(false)
  })

  it('converts integers and booleans from their text', () => {
    const config = loadConfig({ PORT: '8081', CRAWL_WORKERS: ' 4 ', CRAWL_ALLOW_PRIVATE: 'true', REPORT_DAILY_CAP: '5' })
    expect(config).toMatchObject({ PORT: 8081, CRAWL_WORKERS: 4, CRAWL_ALLOW_PRIVATE: true, REPORT_DAILY_CAP: 5 })
    expect(loadConfig({ CRAWL_ALLOW_PRIVATE: '0' }).CRAWL_ALLOW_PRIVATE).toBe(false)
  })

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '', LOG_LEVEL: '' })).toMatchObject({ PORT: 3000, LOG_LEVEL: 'info' })
  })

  it('lets overrides (CLI flags) win over the environment, validated the same way', () => {
    expect(loadConfig({ PORT: '4000' }, { PORT: '4001' }).PORT).toBe(4001)
    expect(() => loadConfig({}, { PORT: 'x' })).toThrow(ConfigError)
  })

  const bad: [Record<string, string>, string][] = [
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '65536' }, 'PORT'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ CRAWL_WORKERS: '0' }, 'CRAWL_WORKERS'],
    [{ JOB_LEASE_MS: '1999' }, 'JOB_LEASE_MS'],
    [{ JOB_LEASE_MS: 'soon' }, 'JOB_LEASE_MS'],
    [{ CRAWL_MAX_PAGES: '-3' }, 'CRAWL_MAX_PAGES'],
    [{ REPORT_DAILY_CAP: 'many' }, 'REPORT_DAILY_CAP'],
    [{ CRAWL_ALLOW_PRIVATE: 'maybe' }, 'CRAWL_ALLOW_PRIVATE'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ PUBLIC_BASE_URL: 'events.example.org' }, 'PUBLIC_BASE_URL'],
    [{ GW_USAGE_URL: 'ftp://usage' }, 'GW_USAGE_URL'],
    [{ GW_SIGNING_KEYS: 'justasecret' }, 'GW_SIGNING_KEYS'],
    [{ GW_SIGNING_KEYS: 'k1:s1,,k2:s2' }, 'GW_SIGNING_KEYS'],
    [{ GW_SIGNING_KEYS: 'k1:12345' }, 'GW_SIGNING_KEYS'],
    [{ GW_SIGNING_KEYS: 'k1:0123456789abcdef0123456789abcdef,k2:0123456789abcdef0123456789abcde' }, 'GW_SIGNING_KEYS'],
    [{ GATEWAY_PORT: '80800' }, 'GATEWAY_PORT'],
    [{ BILLING_SETTLE_AFTER_MS: '100' }, 'BILLING_SETTLE_AFTER_MS'],
    [{ GW_USAGE_READ_KEY: 'two words' }, 'GW_USAGE_READ_KEY'],
    [{ GW_USAGE_WRITE_KEY: 'line\nbreak' }, 'GW_USAGE_WRITE_KEY'],
    [{ GW_SERVICE_SLUG: 'event index' }, 'GW_SERVICE_SLUG'],
    [{ REPORT_TO: 'Team <team@example.org>' }, 'REPORT_TO'],
    [{ REPORT_TO: 'a@example.org, b@example.org' }, 'REPORT_TO'],
    [{ CRAWL_USER_AGENT: 'bot\r\nX-Injected: 1' }, 'CRAWL_USER_AGENT'],
    [{ DEMO_PORT: 'next' }, 'DEMO_PORT'],
    [{ AGENT_KEYS: 'key-without-agent' }, 'AGENT_KEYS'],
    [{ SMTP_URL: 'mail.example.org:25' }, 'SMTP_URL'],
    [{ REPORT_MAIL_HOURLY_CAP: '0' }, 'REPORT_MAIL_HOURLY_CAP'],
    [{ TRUSTED_PROXIES: '10.0.0.0/33' }, 'TRUSTED_PROXIES'],
    [{ TRUSTED_PROXIES: 'proxy.internal' }, 'TRUSTED_PROXIES'],
    [{ TRUSTED_PROXIES: '10/8' }, 'TRUSTED_PROXIES'],
    [{ CRAWL_RESOLVE: 'www.example.org' }, 'CRAWL_RESOLVE'],
    [{ CRAWL_RESOLVE: 'www.example.org:443:localhost' }, 'CRAWL_RESOLVE'],
    [{ CRAWL_RESOLVE: 'www.example.org:99999:127.0.0.1' }, 'CRAWL_RESOLVE'],
    [{ READ_WORKERS: '-1' }, 'READ_WORKERS'],
    [{ READ_WORKERS: 'many' }, 'READ_WORKERS'],
    [{ CACHE_MEMORY_MB: '1.5' }, 'CACHE_MEMORY_MB'],
    [{ DATABASE_URL: 'mysql://user:pw@db/event_index' }, 'DATABASE_URL'],
    [{ DATABASE_URL: './data/event-index.sqlite' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'POSTGRES://db/event_index' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://user:pw@db/event index' }, 'DATABASE_URL'],
  ]
  for (const [env, variable] of bad) {
    it(`names ${variable} when it is ${JSON.stringify(Object.values(env)[0])}`, () => {
      const error = errorOf(env)
      expect(error.variable).toBe(variable)
      expect(error.message).toStartWith(`${variable}: `)
    })
  }

  // HOST and DATABASE_PATH are checked when they are used (listening, opening the file), by the CLI:
  // test/cli/config-errors.test.ts. Every other variable has a value here that is refused.
  it('has a refused value above for every variable checked at load time', () => {
    const covered = new Set(bad.map(([env]) => Object.keys(env)[0]))
    expect(configKeys.filter((key) => !covered.has(key) && key !== 'HOST' && key !== 'DATABASE_PATH')).toEqual([])
  })

  it('accepts DATABASE_URL as a postgres:// or postgresql:// URL, empty by default (SQLite), and treats it as a secret', () => {
    expect(loadConfig({}).DATABASE_URL).toBe('')
    expect(loadConfig({ DATABASE_URL: 'postgres://app:pw@db.internal:5432/event_index' }).DATABASE_URL).toBe('postgres://app:pw@db.internal:5432/event_index')
    expect(loadConfig({ DATABASE_URL: 'postgresql://db.internal/event_index?sslmode=require' }).DATABASE_URL).toBe('postgresql://db.internal/event_index?sslmode=require')
    const error = errorOf({ DATABASE_URL: 'mysql://app:s3cret-pw@db/event_index' })
    expect(error.message).toContain('postgres:// or postgresql://')
    expect(error.message).not.toContain('s3cret-pw')
    expect(redactConfig(loadConfig({ DATABASE_URL: 'postgres://app:s3cret-pw@db/x' })).DATABASE_URL).toBe('***')
  })

  it('never echoes a secret value in the error', () => {
    const error = errorOf({ GW_SIGNING_KEYS: 'supersecretvalue' })
    expect(error.message).not.toContain('supersecretvalue')
    expect(error.message).toContain('kid:secret')
  })

  it('reads TRUSTED_PROXIES as a CIDR list (bare addresses too) and names the expected form when it is not one', () => {
    expect(loadConfig({ TRUSTED_PROXIES: ' 127.0.0.1/32, 10.0.0.0/8 ,::1,fd00::/8' }).TRUSTED_PROXIES).toBe('127.0.0.1/32, 10.0.0.0/8 ,::1,fd00::/8')
    expect(loadConfig({}).TRUSTED_PROXIES).toBe('')
    expect(errorOf({ TRUSTED_PROXIES: '300.1.1.1' }).message).toContain('CIDR[,CIDR…]')
  })

  it('reads CRAWL_RESOLVE as host[:port]:address[:port] entries and names the expected form when it is not one', () => {
    expect(loadConfig({ CRAWL_RESOLVE: 'www.example.org:443:127.0.0.1:8443, calendar.google.com:[::1]' }).CRAWL_RESOLVE).toBe('www.example.org:443:127.0.0.1:8443, calendar.google.com:[::1]')
    expect(loadConfig({}).CRAWL_RESOLVE).toBe('')
    expect(errorOf({ CRAWL_RESOLVE: 'example.org=127.0.0.1' }).message).toContain('HOST[:PORT]:ADDRESS[:PORT]')
  })

  it('requires every signing secret to be at least 32 bytes (Standard Webhooks guidance), without showing it', () => {
    const error = errorOf({ GW_SIGNING_KEYS: 'k1:hunter2' })
    expect(error.message).toContain('at least 32 bytes')
    expect(error.message).not.toContain('hunter2')
    expect(loadConfig({ GW_SIGNING_KEYS: 'k1:0123456789abcdef0123456789abcdef' }).GW_SIGNING_KEYS).toBe('k1:0123456789abcdef0123456789abcdef')
    // Bytes, not characters: 11 three-byte characters are 33 bytes.
    expect(loadConfig({ GW_SIGNING_KEYS: 'k1:€€€€€€€€€€€' }).GW_SIGNING_KEYS).toBe('k1:€€€€€€€€€€€')
  })

  it('accepts a keyring with several kids', () => {
    expect(loadConfig({ GW_SIGNING_KEYS: 'k2025:old-secret-0123456789abcdef0123456789,k2026:new=secret+/0123456789abcdef0123456789' }).GW_SIGNING_KEYS).toBe(
      'k2025:old-secret-0123456789abcdef0123456789,k2026:new=secret+/0123456789abcdef0123456789',
    )
  })
})

describe('redactConfig', () => {
  it('masks every secret that is set and nothing else', () => {
    const config = loadConfig({
      GW_SIGNING_KEYS: 'k:s3cr3t-0123456789abcdef0123456789',
      AGENT_KEYS: 'ak:agent',
      SMTP_URL: 'smtp://u:pw@h:25',
      GW_USAGE_READ_KEY: 'r',
      GW_USAGE_WRITE_KEY: 'w',
      DATABASE_URL: 'postgres://app:pw@db/event_index',
      PORT: '9',
    })
    const shown = redactConfig(config)
    for (const key of SECRET_KEYS) expect(shown[key]).toBe('***')
    expect(shown.PORT).toBe(9)
    expect(JSON.stringify(shown)).not.toMatch(/s3cr3t|pw@|"ak:/)
  })
})
