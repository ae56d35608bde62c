import { ConfigError, type Config } from '../config'

/**
 * Commands that run on the SQLite file only, until the storage interface serves PostgreSQL (issue 17):
 * with DATABASE_URL set they refuse to start, in one line naming the variable (exit 78), rather than
 * quietly use DATABASE_PATH while the operator meant the shared database.
 */
export function refusePostgres(config: Config, command: string): void {
  if (!config.DATABASE_URL) return
  throw new ConfigError(
    'DATABASE_URL',
    `serving from PostgreSQL is not built yet, so \`event-index ${command}\` runs on the SQLite file only; unset DATABASE_URL to use DATABASE_PATH (\`event-index migrate\` applies the PostgreSQL migrations)`,
  )
}
