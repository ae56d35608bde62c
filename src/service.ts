import type { Server } from 'bun'
import { createApp } from './app'
import type { Config } from './config'
import { closeDatabase, migrate, openDatabase, type Db } from './db'
import { startServer } from './http/server'
import { createLogger, type Logger } from './log'

export type ServiceHandle = { server: Server<undefined>; db: Db; logger: Logger; url: string; migrationsApplied: number; stop(): Promise<void> }

/**
 * The composition root shared by `serve` and `dev`: open the database (migrating it), build the app
 * and listen. Returns a handle whose `stop()` closes the socket before the database, so no request
 * is cut off mid-write.
 */
export async function startService(config: Config, logger: Logger = createLogger(config.LOG_LEVEL)): Promise<ServiceHandle> {
  const db = openDatabase(config.DATABASE_PATH)
  const migrationsApplied = migrate(db)
  const app = createApp({ config, db, logger })
  let server: Server<undefined>
  try {
    server = startServer(app, { hostname: config.HOST, port: config.PORT, logger })
  } catch (error) {
    closeDatabase(db)
    throw error
  }
  const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${server.port}`
  logger.info('listening', { url, database: config.DATABASE_PATH, migrationsApplied })
  return {
    server,
    db,
    logger,
    url,
    migrationsApplied,
    async stop() {
      await server.stop()
      closeDatabase(db)
    },
  }
}
