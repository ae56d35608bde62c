import { FormatRegistry, Type as t, type Static } from '@sinclair/typebox'
import { parseResolveList } from '../crawl/fetch/resolve-overrides'
import { keyringSecretsLongEnough, MIN_SECRET_BYTES } from '../gateway/keyring'
import { parseCidrList } from './cidr'

FormatRegistry.Set('cidr-list', (value) => parseCidrList(value) !== undefined)
FormatRegistry.Set('resolve-list', (value) => parseResolveList(value) !== undefined)
FormatRegistry.Set('keyring', (value) => keyringSecretsLongEnough(value))

/** A PostgreSQL connection URL as DATABASE_URL and `migrate --to-postgres` accept it (or empty). */
export const POSTGRES_URL_PATTERN = '^(postgres(ql)?://[^\\s]+)?$'

/**
 * The service's whole configuration surface, one entry per environment variable of DESIGN §3.
 * Every entry carries its default and a description: the README's configuration table is generated
 * from this object and a test keeps the two equal, so documentation cannot drift from the code.
 * Values arrive as strings from the environment and are converted before validation.
 */
export const ConfigSchema = t.Object({
  PORT: t.Integer({ minimum: 0, maximum: 65535, default: 3000, description: 'TCP port of the HTTP service (0 picks a free port).' }),
  GATEWAY_PORT: t.Integer({
    minimum: 0,
    maximum: 65535,
    default: 8080,
    description: 'TCP port of the local gateway (`event-index dev` and `event-index gateway`, on 127.0.0.1; 0 picks a free port).',
  }),
  DEMO_PORT: t.Integer({ minimum: 0, maximum: 65535, default: 8081, description: 'TCP port of the built-in demo organization site that `event-index dev` serves on 127.0.0.1 (0 picks a free port).' }),
  HOST: t.String({ minLength: 1, default: '127.0.0.1', description: 'Interface the HTTP service binds to; use 0.0.0.0 behind a reverse proxy on a VM.' }),
  DATABASE_PATH: t.String({ minLength: 1, default: './data/event-index.sqlite', description: 'SQLite file (created with its folder if missing); `:memory:` for a throw-away database.' }),
  DATABASE_URL: t.String({
    default: '',
    pattern: POSTGRES_URL_PATTERN,
    form: 'a postgres:// or postgresql:// URL, e.g. postgres://user:password@db.internal:5432/event_index',
    description:
      'PostgreSQL database shared by several instances (see Scale out), `postgres://user:password@host:5432/database`. Set: `serve`, `accounts` and `migrate` use it instead of DATABASE_PATH (`serve` migrates it under an advisory lock); `dev` refuses it. Empty: the SQLite file at DATABASE_PATH. Secret (holds the password).',
  }),
  PUBLIC_BASE_URL: t.String({
    default: '',
    pattern: '^(https?://[^\\s]+)?$',
    form: 'an http(s) URL',
    description: 'Storefront base used in statusUrl/eventsUrl/indexUrl when the gateway forwards no `gw-base-url`; empty means http://HOST:PORT.',
  }),
  GW_SIGNING_KEYS: t.String({
    default: '',
    pattern: '^([^:,\\s]+:[^,\\s]+(,[^:,\\s]+:[^,\\s]+)*)?$',
    format: 'keyring',
    form: `kid:secret[,kid:secret…], each secret at least ${MIN_SECRET_BYTES} bytes (e.g. openssl rand -base64 32)`,
    description: `Gateway signing keyring \`kid:secret,kid:secret\` (several kids during rotation); each secret at least ${MIN_SECRET_BYTES} bytes. Secret. \`serve\` refuses to start without it.`,
  }),
  GW_USAGE_URL: t.String({
    default: '',
    pattern: '^(https?://[^\\s]+)?$',
    form: 'an http(s) URL',
    description: 'Base URL of the gateway usage service (`/allowance`, `/usage`). Empty: paid routes answer 503.',
  }),
  GW_USAGE_READ_KEY: t.String({ default: '', pattern: '^[\\x21-\\x7e]*$', form: 'a token of printable characters without spaces', description: 'Bearer key for allowance checks (read). Secret.' }),
  GW_USAGE_WRITE_KEY: t.String({ default: '', pattern: '^[\\x21-\\x7e]*$', form: 'a token of printable characters without spaces', description: 'Bearer key for usage reports (write). Secret.' }),
  GW_SERVICE_SLUG: t.String({
    minLength: 1,
    default: 'event-index',
    pattern: '^[A-Za-z0-9._-]+$',
    form: 'letters, digits, dot, dash and underscore',
    description: 'Service slug sent to the usage service.',
  }),
  BILLING_SETTLE_AFTER_MS: t.Integer({
    minimum: 3000,
    maximum: 3_600_000,
    default: 60_000,
    description:
      'How long a paid request left unsettled (its usage report timed out, or the process died mid-report) waits before the scheduler settles it: re-sends the report with the same request id, or releases a job whose report was never sent. Also how often it looks. Above the 2 s usage timeout.',
  }),
  AGENT_KEYS: t.String({
    default: '',
    pattern: '^([^:,\\s]+:[^,\\s]+(,[^:,\\s]+:[^,\\s]+)*)?$',
    form: 'key:agentId[,key:agentId…]',
    description: 'Bearer agent keys accepted on read routes, `key:agentId,key:agentId`. Secret.',
  }),
  SMTP_URL: t.String({
    default: '',
    pattern: '^(smtps?://[^\\s]+)?$',
    form: 'smtp://[user:pass@]host[:port] or smtps://…',
    description: 'SMTP server for report mail, e.g. smtp://user:pass@host:587. Empty: reports are stored, not mailed. Secret.',
  }),
  REPORT_TO: t.String({
    default: '',
    pattern: '^([^\\s@,;<>"]+@[^\\s@,;<>"]+\\.[^\\s@,;<>"]+)?$',
    form: 'one email address, e.g. events-team@example.org',
    description: 'Recipient address of report mail.',
  }),
  REPORT_DAILY_CAP: t.Integer({
    minimum: 1,
    maximum: 100000,
    default: 20,
    description: 'Reports accepted per reporter per UTC day: per signed agent id (REST) or MCP account, else per client address (anonymous MCP; an IPv6 client by its /64).',
  }),
  REPORT_MAIL_HOURLY_CAP: t.Integer({
    minimum: 1,
    maximum: 100000,
    default: 30,
    description: 'Report mails sent per UTC clock hour, all reporters together; reports past it are stored (`delivered: false`) and mailed by the scheduler in a later hour.',
  }),
  TRUSTED_PROXIES: t.String({
    default: '',
    format: 'cidr-list',
    form: 'CIDR[,CIDR…], e.g. 127.0.0.1/32,10.0.0.0/8',
    description:
      'Reverse proxies whose `X-Forwarded-For` is believed (CIDR list). The client address is the first hop not in this list, walking the header from the right. Empty: no forwarded header is trusted; the socket peer is the client.',
  }),
  CRAWL_WORKERS: t.Integer({ minimum: 1, maximum: 64, default: 2, description: 'Crawler worker threads.' }),
  JOB_LEASE_MS: t.Integer({
    minimum: 2000,
    maximum: 600000,
    default: 15000,
    description:
      'How long a claimed job stays with its instance without a renewal (renewed twice a second while it runs). When an instance dies, its jobs are taken over by another (or by the restarted service) once their leases run out: shorter means a faster takeover, longer tolerates longer stalls of the database.',
  }),
  CRAWL_MAX_PAGES: t.Integer({ minimum: 1, maximum: 100000, default: 200, description: 'Page budget per index job.' }),
  CRAWL_USER_AGENT: t.String({
    minLength: 1,
    pattern: '^[^\\x00-\\x1f\\x7f]+$',
    form: 'one line of text',
    default: 'event-index/{version} (+https://github.com/event-index/event-index)',
    description: 'User-Agent of every crawl request; `{version}` is replaced by the release.',
  }),
  CRAWL_ALLOW_PRIVATE: t.Boolean({ default: false, description: 'Allow crawling loopback and private addresses. Tests and development only.' }),
  CRAWL_RESOLVE: t.String({
    default: '',
    format: 'resolve-list',
    form: 'HOST[:PORT]:ADDRESS[:PORT][,…], e.g. www.springfield-library.org:443:127.0.0.1:8443',
    description:
      "Where the crawler connects for some host names, like curl's `--resolve` (`HOST:PORT:ADDRESS`) and `--connect-to` (a second PORT: connect there instead). Without the first PORT the entry holds for every port. The name stays in the Host header, TLS, robots.txt and politeness. Honoured only with `CRAWL_ALLOW_PRIVATE` (a test web on loopback); cloud metadata addresses are refused always.",
  }),
  READ_WORKERS: t.Integer({
    minimum: 0,
    maximum: 64,
    default: 2,
    description:
      'Read worker threads, each with a read-only database connection: searches and pulls run there, so a slow query never stalls the request thread (health checks included). 0 runs reads on the request thread (an in-memory database always does).',
  }),
  CACHE_MEMORY_MB: t.Integer({
    minimum: 0,
    maximum: 65536,
    default: 64,
    description: 'Memory budget, in MiB, of all answer caches together (search, events pull, lists); beyond it the least recently used answers are dropped. 0 turns answer caching off.',
  }),
  LOG_LEVEL: t.Union([t.Literal('debug'), t.Literal('info'), t.Literal('warn'), t.Literal('error')], { default: 'info', description: 'Lowest level written to the JSON log on stdout.' }),
})

export type Config = Static<typeof ConfigSchema>
export type ConfigKey = keyof Config

/** Variables whose values must never be printed or logged. */
export const SECRET_KEYS: readonly ConfigKey[] = ['GW_SIGNING_KEYS', 'GW_USAGE_READ_KEY', 'GW_USAGE_WRITE_KEY', 'AGENT_KEYS', 'SMTP_URL', 'DATABASE_URL']

/** Whether `value` is a PostgreSQL URL of the accepted form (postgres:// or postgresql://, no spaces). */
export function isPostgresUrl(value: string): boolean {
  return value !== '' && new RegExp(POSTGRES_URL_PATTERN).test(value)
}
