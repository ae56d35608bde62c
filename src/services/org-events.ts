import type { Organization } from '../model/organization'
import { answerBytes, answerText, dropAnswer } from './answer-bytes'
import type { ReadContext } from './read-context'

/** The answer's JSON body as bytes, built once per cache fill (see answerBytes). */
export type OrganizationEvents = { eventCount: number; body: Uint8Array }

/** How long an organization's answer may be reused while no event was written ("upcoming" moves with the clock). */
export const ORG_EVENTS_CACHE_TTL_MS = 2000
/** The answer as the spec's Organization object (MCP tools, exports). */
export function organizationObject(answer: OrganizationEvents): Organization {
  return JSON.parse(answerText(answer.body)) as Organization
}

/**
 * An indexed organization with all its upcoming events, as the spec's Organization JSON. The body is
 * assembled from the records stored at write time (no per-request serialization of events), encoded once
 * and reused until an event is written or two seconds pass. Returns undefined when the organization has
 * never been indexed.
 */
export async function organizationEvents(ctx: ReadContext, orgId: string, nowMs: number): Promise<OrganizationEvents | undefined> {
  const answer = await ctx.cache.get(
    JSON.stringify(['org-events', orgId]),
    { generation: ctx.generation(), nowMs, ttlMs: ORG_EVENTS_CACHE_TTL_MS },
    async () => {
      const row = await ctx.reads.organizationEvents({ orgId, nowMs })
      if (!row || row.lastIndexedAt === null) return null
      const head = JSON.stringify({
        orgId: row.orgId,
        domain: row.domain,
        website: row.website,
        name: row.name,
        lastIndexedAt: new Date(row.lastIndexedAt).toISOString(),
        eventCount: row.count,
      })
      const body = answerBytes(`${head.slice(0, -1)},"events":[`, row.records, ']}')
      return { eventCount: row.count, body }
    },
    (answer) => answer?.body.byteLength ?? 0,
    (answer, bytes) => (answer ? dropAnswer(answer.body, bytes) : undefined),
  )
  return answer ?? undefined
}
