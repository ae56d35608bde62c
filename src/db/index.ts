export { BUSY_TIMEOUT_MS, closeDatabase, openDatabase, optimizeDatabase, type Db } from './client'
export { appliedCount, embeddedMigrations, migrate } from './migrate'
export * as schema from './schema'
