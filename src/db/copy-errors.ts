// The copy into PostgreSQL's result and refusal, apart from the copier so that the CLI can tell the refusal
// without loading the PostgreSQL modules (they load only when a copy runs: open-storage.ts).
/** Rows per table, in the order the copy wrote them. */
export type CopyCounts = { table: string; rows: number }[]

/** The target already holds data: a copy would mix two databases, so it is refused before writing anything. */
export class TargetNotEmptyError extends Error {
  constructor(readonly counts: CopyCounts) {
    super(`the PostgreSQL database is not empty (${counts.map((c) => `${c.table}: ${c.rows}`).join(', ')}); copy only into an empty database`)
    this.name = 'TargetNotEmptyError'
  }
}
