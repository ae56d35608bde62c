import type { Db } from '../../src/db'
import { orgIdFor } from '../../src/model/org-identity'

let counter = 0

/**
 * Writes an indexed organization with `events` upcoming events straight into the database, the way the
 * job runner will store them (record JSON built at write time), for tests of the read side.
 */
export function seedIndexedOrganization(db: Db, options: { events: number; domain?: string; city?: string; nowMs?: number }): string {
  const domain = options.domain ?? `seed-${++counter}-${Math.random().toString(36).slice(2, 8)}.example.org`
  const orgId = orgIdFor(domain)
  const now = options.nowMs ?? Date.now()
  db.$client.run('INSERT INTO organizations (org_id, domain, website, name, event_count, last_indexed_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)', [
    orgId,
    domain,
    `https://${domain}`,
    `Seeded Library ${counter}`,
    options.events,
    now,
    now,
    now,
  ])
  for (let i = 0; i < options.events; i++) {
    const startsAt = now + (i + 1) * 86_400_000
    const record = { title: `Event ${i + 1}`, startDate: new Date(startsAt).toISOString().replace('.000Z', '+00:00'), event_id: `ev-${i}`, city: options.city ?? 'Springfield' }
    db.$client.run('INSERT INTO events (org_id, event_id, title, starts_at, city, city_key, record, scraped_at, script_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
      orgId,
      `ev-${i}`,
      record.title,
      startsAt,
      record.city,
      record.city.toLowerCase(),
      JSON.stringify(record),
      now,
      'test',
    ])
  }
  return orgId
}
