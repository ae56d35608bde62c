// Pins the PostgreSQL schema as the mirror of the SQLite one (issue 17): the same tables, the same columns
// under the same names with matching types (epoch milliseconds bigint, flags boolean, REAL double
// precision, text text), the same nullability and primary keys, and every SQLite index under its name on
// the same columns (the search bounds of drizzle/0011 included, partial where SQLite's is). The only
// additions are the search vectors (`text_search`) that replace the FTS5 tables, and the one-row table
// `events_generation` holding the events generation the instances share (SQLite keeps it in process).
import { expect, it } from 'bun:test'
import { SQL } from 'bun'
import { is, Table } from 'drizzle-orm'
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core'
import { closeDatabase, migrate, openDatabase, schema } from '../../../src/db'
import { migratePostgres } from '../../../src/db/pg/migrate'
import { SQLITE_ONLY_TABLES } from '../../../src/db/pg/copy-from-sqlite'
import { describePostgres, migratedDatabase, sharedPostgres } from '../../helpers/postgres'

type Column = { table: string; name: string; type: string; notNull: boolean }
type Index = { table: string; name: string; columns: string[]; partial: boolean }

// SQLite's trigger-kept read tables (SQLITE_ONLY_TABLES) have no mirror by design.
const sqliteTables = (Object.values(schema) as unknown[]).filter((v): v is SQLiteTable => is(v, Table) && !SQLITE_ONLY_TABLES.has(getTableConfig(v).name))

/** What each SQLite column becomes in PostgreSQL. */
function expectedType(column: { name: string; columnType: string }): string[] {
  if (column.columnType === 'SQLiteBoolean') return ['boolean']
  if (column.columnType === 'SQLiteReal') return ['double precision']
  if (column.columnType === 'SQLiteText') return ['text']
  if (column.name.endsWith('_at')) return ['bigint']
  return ['integer', 'bigint']
}

function sqliteIndexes(): Index[] {
  const db = openDatabase(':memory:')
  try {
    migrate(db)
    const rows = db.$client.query("SELECT name, tbl_name AS 'table', sql FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'").all() as { name: string; table: string; sql: string }[]
    return rows.map((r) => ({
      table: r.table,
      name: r.name,
      columns: (db.$client.query(`PRAGMA index_info(${JSON.stringify(r.name)})`).all() as { name: string }[]).map((c) => c.name),
      partial: /\bWHERE\b/i.test(r.sql),
    }))
  } finally {
    closeDatabase(db)
  }
}

async function pgCatalog(url: string): Promise<{ columns: Column[]; indexes: Index[]; primaryKeys: Map<string, string[]> }> {
  const sql = new SQL(url)
  try {
    const columns =
      (await sql`SELECT table_name AS table, column_name AS name, data_type AS type, is_nullable = 'NO' AS "notNull" FROM information_schema.columns WHERE table_schema = 'public'`) as Column[]
    const indexes = (await sql`SELECT t.relname AS table, i.relname AS name, array_agg(a.attname::text ORDER BY k.ord) AS columns, ix.indpred IS NOT NULL AS partial
      FROM pg_index ix JOIN pg_class i ON i.oid = ix.indexrelid JOIN pg_class t ON t.oid = ix.indrelid
      JOIN unnest(ix.indkey) WITH ORDINALITY k(attnum, ord) ON true JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum
      WHERE t.relnamespace = 'public'::regnamespace GROUP BY 1, 2, 4`) as Index[]
    const pks = (await sql`SELECT t.relname AS table, array_agg(a.attname::text ORDER BY a.attname) AS columns FROM pg_index ix JOIN pg_class t ON t.oid = ix.indrelid
      JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY(ix.indkey) WHERE ix.indisprimary AND t.relnamespace = 'public'::regnamespace GROUP BY 1`) as { table: string; columns: string[] }[]
    return { columns, indexes, primaryKeys: new Map(pks.map((p) => [p.table, p.columns])) }
  } finally {
    await sql.close()
  }
}

describePostgres('PostgreSQL schema mirrors SQLite', () => {
  const cluster = sharedPostgres()

  it('has every table and column of SQLite, with matching types, nullability and primary keys, and only the search vectors besides', async () => {
    const url = await migratedDatabase(cluster(), migratePostgres)
    const pg = await pgCatalog(url)
    const seen = new Set<string>()
    for (const table of sqliteTables) {
      const config = getTableConfig(table)
      const pks = config.columns.filter((c) => c.primary).map((c) => c.name)
      for (const pk of config.primaryKeys) pks.push(...pk.columns.map((c) => c.name))
      expect({ table: config.name, pk: pg.primaryKeys.get(config.name) }).toEqual({ table: config.name, pk: pks.sort() })
      for (const column of config.columns) {
        const mirror = pg.columns.find((c) => c.table === config.name && c.name === column.name)
        const shown = `${config.name}.${column.name}`
        expect({ shown, found: mirror !== undefined }).toEqual({ shown, found: true })
        expect({ shown, type: expectedType(column).includes(mirror!.type) }).toEqual({ shown, type: true })
        expect({ shown, notNull: mirror!.notNull }).toEqual({ shown, notNull: column.notNull })
        seen.add(shown)
      }
    }
    const pgOnly = ['events_generation']
    expect([...new Set(pg.columns.map((c) => c.table))].sort()).toEqual([...sqliteTables.map((t) => getTableConfig(t).name), ...pgOnly].sort())
    expect(sqliteTables.length).toBe(13)
    const extra = pg.columns.filter((c) => !seen.has(`${c.table}.${c.name}`) && !pgOnly.includes(c.table)).map((c) => `${c.table}.${c.name}:${c.type}`)
    expect(extra.sort()).toEqual(['events.text_search:tsvector', 'organizations.text_search:tsvector'])
  })

  it('holds every epoch-millisecond column as bigint, since milliseconds overflow a 32-bit integer', async () => {
    const url = await migratedDatabase(cluster(), migratePostgres)
    const { columns } = await pgCatalog(url)
    const times = columns.filter((c) => c.name.endsWith('_at'))
    expect(times.length).toBeGreaterThan(30)
    expect(times.filter((c) => c.type !== 'bigint')).toEqual([])
  })

  it('has every SQLite index under its name, on the same columns, partial where SQLite is', async () => {
    const url = await migratedDatabase(cluster(), migratePostgres)
    const { indexes } = await pgCatalog(url)
    const wanted = sqliteIndexes()
    expect(wanted.map((i) => i.name)).toContain('events_geo_day_search')
    for (const index of wanted) expect(indexes.find((i) => i.name === index.name)).toEqual(index)
  })
})
