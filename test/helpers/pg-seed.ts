import type { SQL } from 'bun'
import { eventColumns } from '../../src/db/queries/event-columns'
import type { NormalizedEvent } from '../../src/model/event'
import { orgIdFor } from '../../src/model/org-identity'

/**
 * Test-only: an indexed organization and its events written straight into a migrated PostgreSQL database
 * with the derived columns SQLite's store computes (eventColumns, the served record without the internal
 * notes, the search record with its `_source`, until_at, one category row per tag carrying the search
 * columns), in the crawl's order, so that the same events seeded in the same order into SQLite (through
 * seedOrganization) and here get the same ids. For read tests until the PostgreSQL store lands.
 */
export async function seedPostgresOrganization(
  sql: SQL,
  options: { domain: string; name?: string; timezone?: string; events: NormalizedEvent[]; nowMs: number; scriptVersion?: string },
): Promise<string> {
  const { domain, nowMs } = options
  const orgId = orgIdFor(domain)
  const zone = options.timezone ?? 'America/New_York'
  const scriptVersion = options.scriptVersion ?? 'seed-1'
  const seen = new Set<string>()
  await sql.begin(async (tx) => {
    await tx`INSERT INTO organizations (org_id, domain, website, name, timezone, created_at, updated_at) VALUES (${orgId}, ${domain}, ${`https://${domain}`}, ${options.name ?? `Library of ${domain}`}, ${zone}, ${nowMs}, ${nowMs})`
    for (const event of options.events) {
      const cols = eventColumns(event, zone)
      if (!cols || !event.event_id || seen.has(event.event_id)) continue
      seen.add(event.event_id)
      const { _source: _s, _external: _e, _locality: _l, ...record } = event
      const searchRecord = { ...record, _source: { domain, scrapedAt: new Date(nowMs).toISOString(), scriptVersion }, _external: cols.isExternal }
      const untilAt = cols.endsAt ?? cols.startsAt
      const [{ id }] = await tx`INSERT INTO events (org_id, event_id, title, starts_at, ends_at, start_day, end_day, all_day, city, city_key, category, latitude, longitude,
          is_external, record, search_record, until_at, span_class, geo_cell, city_source, city_region, city_country, is_free, scraped_at, script_version)
        VALUES (${orgId}, ${event.event_id}, ${event.title ?? ''}, ${cols.startsAt}, ${cols.endsAt}, ${cols.startDay}, ${cols.endDay}, ${cols.allDay}, ${cols.city}, ${cols.cityKey},
          ${cols.category}, ${cols.latitude}, ${cols.longitude}, ${cols.isExternal}, ${JSON.stringify(record)}, ${JSON.stringify(searchRecord)}, ${untilAt}, ${cols.spanClass},
          ${cols.geoCell}, ${cols.citySource}, ${cols.cityRegion}, ${cols.cityCountry}, ${cols.isFree}, ${nowMs}, ${scriptVersion}) RETURNING id`
      for (const category of cols.categories)
        await tx`INSERT INTO event_categories (event_pk, category, city_key, starts_at, start_day, end_day, until_at, span_class)
          VALUES (${id}, ${category}, ${cols.cityKey}, ${cols.startsAt}, ${cols.startDay}, ${cols.endDay}, ${untilAt}, ${cols.spanClass})`
    }
    await tx`UPDATE organizations SET event_count = ${seen.size}, last_indexed_at = ${nowMs} WHERE org_id = ${orgId}`
  })
  return orgId
}
