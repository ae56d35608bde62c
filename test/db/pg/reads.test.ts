// Pins what pgReads does beyond the parity suite: text that holds no word, or holds quotes and tsquery
// operators, is an empty answer or a match on its words, never a failed query; reads after close fail
// and leave the caller's pool open.
import { afterEach, beforeEach, expect, it } from 'bun:test'
import { SQL } from 'bun'
import { migratePostgres } from '../../../src/db/pg/migrate'
import { pgReads } from '../../../src/db/pg/reads'
import type { FindParams } from '../../../src/db/reads'
import { seedPostgresOrganization } from '../../helpers/pg-seed'
import { describePostgres, migratedDatabase, sharedPostgres } from '../../helpers/postgres'

const NOW = Date.UTC(2026, 11, 1, 15)
const DAY = 86_400_000
const day = (offset: number) => new Date(NOW + offset * DAY).toISOString().slice(0, 10)

describePostgres('pgReads', () => {
  const cluster = sharedPostgres()
  let sql: SQL

  beforeEach(async () => {
    sql = new SQL(await migratedDatabase(cluster(), migratePostgres))
    await seedPostgresOrganization(sql, {
      domain: 'springfield-library.org',
      name: "Springfield's Library",
      nowMs: NOW,
      events: [{ title: "Rock 'n' Roll | Jazz & Blues", event_id: 'e1', startDate: new Date(NOW + DAY).toISOString(), city: 'Springfield' }],
    })
  })
  afterEach(() => sql.close())

  const find: FindParams = {
    startDate: day(0),
    endDate: day(10),
    cityKey: null,
    category: null,
    limit: 10,
    nowMs: NOW,
    region: null,
    country: null,
    audience: null,
    free: false,
    match: null,
    near: null,
    after: null,
  }

  it('answers wordless text with nothing and hostile text by its words, never with a failed query', async () => {
    const reads = pgReads(sql)
    expect(await reads.searchOrganizations({ match: '"" "*"', limit: 5 })).toEqual([])
    expect((await reads.findEvents({ ...find, match: '""' })).records).toEqual([])
    for (const match of [`"n'"* "roll"*`, `"jazz & blues"*`, `"rock | x"*`, `"!roll"*`, `"roll:*"*`, `"(roll"*`])
      expect({ match, n: (await reads.findEvents({ ...find, match })).records.length }).toEqual({ match, n: match.includes('x') ? 0 : 1 })
    expect((await reads.searchOrganizations({ match: `"springfield's"*`, limit: 5 })).map((o) => o.domain)).toEqual(['springfield-library.org'])
  })

  it('fails every read after close and leaves the pool to its owner', async () => {
    const reads = pgReads(sql)
    expect((await reads.totals({ nowMs: NOW })).upcomingEvents).toBe(1)
    await reads.close()
    await expect(reads.totals({ nowMs: NOW })).rejects.toThrow('closed')
    await expect(reads.searchEvents({ startDate: day(0), endDate: day(1), cityKey: null, category: null, limit: 5, nowMs: NOW })).rejects.toThrow('closed')
    expect((await sql`SELECT 1 AS one`)[0].one).toBe(1)
  })
})
