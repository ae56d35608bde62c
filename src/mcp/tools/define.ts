import { fromJsonSchema, type McpServer, type StandardSchemaWithJSON } from '@modelcontextprotocol/server'
import type { Static, TObject } from '@sinclair/typebox'
import type { FetcherOptions } from '../../crawl/fetch/fetcher'
import type { LoopbackSite } from '../../crawl/fetch/resolve-overrides'
import type { Storage } from '../../db/storage'
import type { WorkerStatus } from '../../model/health'
import type { Logger } from '../../log'
import type { Mailer } from '../../report/mailer'
import { DomainError } from '../../services/errors'
import type { ReadContext } from '../../services/read-context'
import type { Scope } from '../../oauth/tokens'
import { withDefaults } from '../../with-defaults'

/** Everything a tool may use; built once per app. Tools call services with plain arguments. */
export type ToolDeps = {
  storage: Storage
  /** Searches, pulls and lists: reads off the request thread and the answer cache. */
  catalog: ReadContext
  now: () => number
  /** PUBLIC_BASE_URL, else the listening address: for statusUrl-like links and the resource. */
  baseUrl: () => string
  allowPrivate: boolean
  /** The one loopback site `event-index dev` may index without allowPrivate (its demo site). */
  loopbackSites?: readonly LoopbackSite[]
  userAgent: string
  maxPages: number
  mailer: Mailer
  dailyCap: number
  workers: () => WorkerStatus
  /** When the service started (uptime in get_service_status). */
  startedAt: number
  logger: Logger
  /** Kicks the job runner after `index_organization` queued a job (as REST's onJobQueued). */
  onJobQueued?: () => void
  /** Test seams for fetches a tool makes (resolver, timeouts, trust anchors). */
  fetcher?: Partial<FetcherOptions>
}

/**
 * Who calls: anonymous, or an account through a verified access token. `address` is the client's
 * network address (socket peer, or the first untrusted X-Forwarded-For hop behind TRUSTED_PROXIES),
 * undefined without a socket; anonymous limits key on it, never on what the caller writes.
 */
export type Caller = { accountId?: string; clientId?: string; scopes: Scope[]; address?: string }

export type ToolContext = { deps: ToolDeps; caller: Caller }

/** `anonymous` tools work without a token (DESIGN §7 ◦); the others need a token carrying the scope. */
export type ToolAccess = 'anonymous' | Scope

export type ToolAnnotations = { readOnlyHint: boolean; destructiveHint?: boolean; idempotentHint: boolean; openWorldHint: boolean }

export type ToolSpec<I extends TObject = TObject, O extends TObject = TObject> = {
  name: string
  title: string
  description: string
  access: ToolAccess
  input: I
  output: O
  annotations: ToolAnnotations
  run: (args: Static<I>, ctx: ToolContext) => Promise<Static<O>> | Static<O>
}

/** Keeps `run`'s argument and result types tied to the schemas (types are never written twice). */
export const defineTool = <I extends TObject, O extends TObject>(spec: ToolSpec<I, O>): ToolSpec<I, O> => spec

/**
 * A business failure: answered as a tool result with `isError: true` and `structuredContent`
 * `{error, message, …}`, never as a JSON-RPC error (those are for protocol faults).
 */
export class ToolError extends DomainError {
  override name = 'ToolError'
}

/** The caller's account id; tools that need one are never reached without it (the route answers 401 first). */
export function accountOf(ctx: ToolContext): string {
  if (!ctx.caller.accountId) throw new ToolError('unauthorized', 'this tool needs an access token')
  return ctx.caller.accountId
}

/**
 * The JSON Schema a tool advertises: the TypeBox schema as plain JSON, with Elysia's `t.Integer` (an
 * `anyOf` of a numeric string and an integer, so query strings coerce) reduced to the integer: MCP
 * arguments and results are JSON, where a number is never a string.
 */
export function plainJsonSchema(schema: unknown): Record<string, unknown> {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk)
    if (!node || typeof node !== 'object') return node
    const o = node as Record<string, unknown>
    const any = o.anyOf as Record<string, unknown>[] | undefined
    if (any?.length === 2 && any[0].type === 'string' && any[0].format === 'integer') {
      const { anyOf: _drop, ...rest } = o
      return walk({ ...rest, ...any[1] })
    }
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, walk(v)]))
  }
  return walk(JSON.parse(JSON.stringify(schema))) as Record<string, unknown>
}

type Compiled = { spec: ToolSpec; input: StandardSchemaWithJSON; output: StandardSchemaWithJSON }

const compiled = new WeakMap<ToolSpec, Compiled>()

/** Validators are compiled once per tool, not per request (a server is built for every request). */
function compile(spec: ToolSpec): Compiled {
  let c = compiled.get(spec)
  if (!c) {
    c = { spec, input: fromJsonSchema(plainJsonSchema(spec.input) as never), output: fromJsonSchema(plainJsonSchema(spec.output) as never) }
    compiled.set(spec, c)
  }
  return c
}

function errorResult(code: string, message: string, extra: Record<string, unknown> = {}) {
  const structured = withDefaults({ error: code, message }, extra)
  return { content: [{ type: 'text' as const, text: JSON.stringify(structured) }], structuredContent: structured, isError: true }
}

/** MCP's mapping of every DomainError (ToolError and InsufficientCredits are ones): an `isError` result `{error: code, message, …extra}`. */
export const domainErrorResult = (error: DomainError) => errorResult(error.code, error.message, error.extra)

/**
 * Registers a tool on a server: structured output plus its JSON text copy; DomainErrors (ToolError, the
 * services' errors, InsufficientCredits) become `isError` results; anything else is a bug, logged and answered
 * with an opaque `internal_error` result.
 */
export function registerTool(server: McpServer, spec: ToolSpec, ctx: ToolContext): void {
  const c = compile(spec)
  server.registerTool(
    spec.name,
    { title: spec.title, description: spec.description, inputSchema: c.input, outputSchema: c.output, annotations: withDefaults({ title: spec.title }, spec.annotations) },
    async (args: unknown, sdk: { mcpReq?: { log?: (level: 'info', data: unknown, logger?: string) => Promise<void> } }) => {
      try {
        const structured = (await spec.run(args as never, ctx)) as Record<string, unknown>
        const charge = structured.charge as { credits?: number; balance?: number } | undefined
        // A charge is also told as a log notification (logger "billing"), for clients that watch spending.
        if (charge?.credits) await sdk.mcpReq?.log?.('info', { tool: spec.name, credits: charge.credits, balance: charge.balance }, 'billing').catch(() => undefined)
        return { content: [{ type: 'text' as const, text: JSON.stringify(structured) }], structuredContent: structured }
      } catch (error) {
        if (error instanceof DomainError) return domainErrorResult(error)
        ctx.deps.logger.error('tool failed', { tool: spec.name, error: (error as Error)?.message, stack: (error as Error)?.stack })
        return errorResult('internal_error', 'the tool failed unexpectedly; nothing was charged')
      }
    },
  )
}
