import { Type as t } from '@sinclair/typebox'
import { LIMITS } from '../../model/limits'
import { checkHealth } from '../../services/health'
import { submitReport } from '../../report/reports'
import { catalogTotals } from '../../services/event-catalog'
import { VERSION } from '../../version'
import { defineTool } from './define'
import { OrgIdArg } from './schemas'

export const getServiceStatusTool = defineTool({
  name: 'get_service_status',
  title: 'Get the service status',
  description: 'Version, database and crawler worker status, and how many organizations and upcoming events are indexed.',
  access: 'anonymous',
  input: t.Object({}),
  output: t.Object({
    status: t.String({ description: 'ok or degraded' }),
    version: t.String(),
    uptimeSeconds: t.Integer({ minimum: 0 }),
    database: t.String(),
    workers: t.Object({ status: t.String(), configured: t.Integer(), alive: t.Integer(), busy: t.Integer() }),
    organizationsIndexed: t.Integer({ minimum: 0 }),
    upcomingEvents: t.Integer({ minimum: 0 }),
  }),
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  async run(_args, { deps }) {
    const health = await checkHealth({ storage: deps.storage, workers: deps.workers, now: deps.now, startedAt: deps.startedAt })
    const totals = health.status === 'ok' ? await catalogTotals(deps.catalog, deps.now()) : { organizations: 0, upcomingEvents: 0 }
    const w = health.workers
    return {
      status: health.status,
      version: VERSION,
      uptimeSeconds: health.uptimeSeconds,
      database: health.database.status,
      workers: { status: w.status, configured: w.configured, alive: w.alive, busy: w.busy },
      organizationsIndexed: totals.organizations,
      upcomingEvents: totals.upcomingEvents,
    }
  },
})

export const reportIssueTool = defineTool({
  name: 'report_issue',
  title: 'Report a problem',
  description:
    "Reports a data or crawl problem to the service team (the REST report's twin): wrong or missing events, a site that cannot be read. Free; a daily cap per reporter applies (per account with a token, else per client address).",
  access: 'anonymous',
  input: t.Object({
    message: t.String({ minLength: LIMITS.reportMessage.min, maxLength: LIMITS.reportMessage.max }),
    email: t.Optional(t.String({ description: 'where to answer: exactly one address such as name@example.org (no display name, no list), at most 254 characters' })),
    domain: t.Optional(t.String({ maxLength: 253 })),
    orgId: t.Optional(OrgIdArg),
    jobId: t.Optional(t.String({ maxLength: 100 })),
  }),
  output: t.Object({ status: t.Literal('received'), reportId: t.String(), delivered: t.Boolean({ description: 'whether the mail to the service team went out now (else it is retried)' }) }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: (args, { deps, caller }) =>
    submitReport(
      deps.storage,
      deps.mailer,
      // Named fields only: who reports comes from the token or the socket, never from the arguments.
      {
        message: args.message,
        email: args.email,
        domain: args.domain,
        orgId: args.orgId,
        jobId: args.jobId,
        agentId: caller.accountId ? `mcp:${caller.accountId}` : undefined,
        clientAddress: caller.address,
      },
      { nowMs: deps.now(), dailyCap: deps.dailyCap, baseUrl: deps.baseUrl(), allowPrivate: deps.allowPrivate },
    ),
})

export const serviceTools = [getServiceStatusTool, reportIssueTool]
