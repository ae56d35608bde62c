export { BUSY_TIMEOUT_MS, closeDatabase, journalMode, openDatabase, optimizeDatabase, type Db } from './client'
export { appliedCount, embeddedMigrations, migrate } from './migrate'
export * as schema from './schema'
