import { invalidRequest } from './errors'
import type { OrganizationSummary } from '../model/organization'
import type { ReadContext } from './read-context'

/** How long a business search answer may be reused while no event was written. */
const BUSINESS_CACHE_TTL_MS = 2000

/**
 * Turns free text into an FTS5 query: every word must match, as a prefix (`spring libr` finds
 * "Springfield Public Library"); quotes keep FTS5 operators in the text from being interpreted.
 */
export function ftsQuery(text: string): string | undefined {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu)
  return words?.length
    ? words
        .slice(0, 12)
        .map((w) => `"${w}"*`)
        .join(' ')
    : undefined
}

/** Indexed organizations whose name or domain matches `q`, best match first. */
export async function searchBusinesses(ctx: ReadContext, q: string, limit: number, nowMs: number): Promise<{ count: number; query: string; organizations: OrganizationSummary[] }> {
  const match = ftsQuery(q)
  if (!match) throw invalidRequest('q must contain at least one letter or digit')
  const organizations = await ctx.cache.get(
    JSON.stringify(['businesses', match, limit]),
    { generation: ctx.generation(), nowMs, ttlMs: BUSINESS_CACHE_TTL_MS },
    async () =>
      (await ctx.reads.searchOrganizations({ match, limit })).map((r) => ({
        orgId: r.orgId,
        domain: r.domain,
        name: r.name,
        website: r.website,
        eventCount: r.eventCount,
        lastIndexedAt: r.lastIndexedAt === null ? null : new Date(r.lastIndexedAt).toISOString(),
      })),
    (list) => JSON.stringify(list).length * 2,
  )
  return { count: organizations.length, query: q, organizations }
}
