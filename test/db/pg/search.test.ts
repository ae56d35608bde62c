// Pins the PostgreSQL search groundwork (issue 17): the tsvector columns hold what the SQLite FTS5 tables
// hold (business search: name, domain and website, each word of a domain apart; event text: title,
// description, venue, organizer and the organization's name, not the categories), follow renames, drop
// accents as FTS5's remove_diacritics does, answer prefix queries through their GIN indexes, and the
// trigram indexes serve prefix matching of organization names and domains.
import { beforeEach, expect, it } from 'bun:test'
import { SQL } from 'bun'
import { migratePostgres } from '../../../src/db/pg/migrate'
import { describePostgres, migratedDatabase, sharedPostgres } from '../../helpers/postgres'

const ORG = 'org_0000000000000001'

describePostgres('PostgreSQL search vectors and indexes', () => {
  const cluster = sharedPostgres()
  let sql: SQL

  beforeEach(async () => {
    sql = new SQL(await migratedDatabase(cluster(), migratePostgres))
    await sql`INSERT INTO organizations (org_id, domain, website, name, created_at, updated_at)
      VALUES (${ORG}, 'springfield-library.org', 'https://springfield-library.org/', 'Springfield Public Library', 0, 0)`
    const record = JSON.stringify({
      title: 'Toddler Storytime',
      description: 'Songs and rhymes for little ones at the Crèche',
      venue: { name: 'Children’s Room' },
      organizer: { name: 'Friends of the Library', url: null },
      categories: ['kids', 'storytime'],
    })
    await sql`INSERT INTO events (org_id, event_id, title, starts_at, city, record, scraped_at, script_version) VALUES (${ORG}, 'e1', 'Toddler Storytime', 0, 'Springfield', ${record}, 0, '1')`
    return () => sql.close()
  })

  const orgHits = async (q: string) => (await sql`SELECT org_id FROM organizations WHERE text_search @@ to_tsquery('event_index_text', ${q})`).length
  const eventHits = async (q: string) => (await sql`SELECT id FROM events WHERE text_search @@ to_tsquery('event_index_text', ${q})`).length

  it('finds organizations by name, each word of the domain and prefix, and follows a rename', async () => {
    expect(await orgHits('library')).toBe(1)
    expect(await orgHits('springfield')).toBe(1)
    expect(await orgHits('spring:*')).toBe(1)
    expect(await orgHits('org')).toBe(1)
    expect(await orgHits('museum')).toBe(0)
    await sql`UPDATE organizations SET name = 'Shelbyville Museum' WHERE org_id = ${ORG}`
    expect(await orgHits('museum')).toBe(1)
    expect(await orgHits('public')).toBe(0)
  })

  it('indexes event title, description, venue, organizer and organization name, not categories, and follows a rename', async () => {
    for (const word of ['storytime', 'rhymes', 'room', 'friends', 'springfield']) expect({ word, hits: await eventHits(word) }).toEqual({ word, hits: 1 })
    expect(await eventHits('kids')).toBe(0)
    await sql`UPDATE organizations SET name = 'Shelbyville Museum' WHERE org_id = ${ORG}`
    expect(await eventHits('museum')).toBe(1)
    expect(await eventHits('springfield')).toBe(0)
    await sql`UPDATE events SET record = ${JSON.stringify({ description: 'Puppet show' })}, title = 'Puppets' WHERE event_id = 'e1'`
    expect(await eventHits('puppet')).toBe(1)
    expect(await eventHits('rhymes')).toBe(0)
  })

  it('weighs the title above the venue, the organization and organizer, and the description last (as bm25 does in SQLite)', async () => {
    const [{ v }] = await sql`SELECT text_search::text AS v FROM events`
    expect(v).toContain("'toddler':1A")
    expect(v).toMatch(/'room':\d+B/)
    expect(v).toMatch(/'friends':\d+C/)
    expect(v).toMatch(/'public':\d+C/)
    expect(v).toMatch(/'rhymes':\d+(?![ABC])/)
  })

  it('drops accents on both sides, as FTS5 remove_diacritics does', async () => {
    expect(await eventHits('creche')).toBe(1)
    expect(await eventHits(`'crèche'`)).toBe(1)
  })

  it('keeps a writer from setting the event vector itself', async () => {
    await sql`UPDATE events SET text_search = to_tsvector('simple', 'forged')`
    expect(await eventHits('forged')).toBe(0)
    expect(await eventHits('storytime')).toBe(1)
  })

  it('answers text and prefix queries through the GIN indexes, and prefix matching of names and domains through the trigram indexes', async () => {
    const plan = async (query: string) => {
      const [r] = await sql.begin(async (tx) => {
        await tx`SET LOCAL enable_seqscan = off`
        return tx.unsafe(`EXPLAIN (FORMAT JSON) ${query}`)
      })
      return JSON.stringify(r)
    }
    expect(await plan(`SELECT id FROM events WHERE text_search @@ to_tsquery('event_index_text', 'story:*')`)).toContain('events_text_search')
    expect(await plan(`SELECT org_id FROM organizations WHERE text_search @@ to_tsquery('event_index_text', 'libr:*')`)).toContain('organizations_text_search')
    expect(await plan(`SELECT org_id FROM organizations WHERE name ILIKE 'springf%'`)).toContain('organizations_name_trgm')
    expect(await plan(`SELECT org_id FROM organizations WHERE domain ILIKE 'springfield-l%'`)).toContain('organizations_domain_trgm')
    expect((await sql`SELECT org_id FROM organizations WHERE name ILIKE 'SPRINGF%' AND domain ILIKE 'springfield-l%'`).length).toBe(1)
  })
})
