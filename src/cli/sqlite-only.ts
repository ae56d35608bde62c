import { ConfigError, type Config } from '../config'

/**
 * Commands that run on a SQLite file only (`dev`, whose round keeps its own local database): with
 * DATABASE_URL set they refuse to start, in one line naming the variable (exit 78), rather than quietly
 * use DATABASE_PATH while the operator meant the shared database. `serve`, `accounts` and `migrate` use it.
 */
export function refusePostgres(config: Config, command: string): void {
  if (!config.DATABASE_URL) return
  throw new ConfigError('DATABASE_URL', `\`event-index ${command}\` runs on its own SQLite file only; unset DATABASE_URL (\`event-index serve\` runs over PostgreSQL)`)
}
