#!/usr/bin/env bun
import { UsageError } from './cli/flags'
import { USAGE } from './cli/usage'
import { ConfigError } from './config'
import { VERSION } from './version'
import { lookupTable } from './lookup-table'

type Command = (args: string[]) => Promise<number>

/** Each command's module is loaded only when it runs, so `--version` or `sign` do not pay for the crawler. */
const commands: Record<string, () => Promise<Command>> = lookupTable({
  serve: async () => (await import('./cli/service-commands')).serveCommand,
  dev: async () => (await import('./cli/dev-command')).devCommand,
  migrate: async () => (await import('./cli/migrate-command')).migrateCommand,
  gateway: async () => (await import('./cli/gateway-commands')).gatewayCommand,
  sign: async () => (await import('./cli/gateway-commands')).signCommand,
  extract: async () => (await import('./cli/extract-command')).extractCommand,
  crawl: async () => (await import('./cli/crawl-command')).crawlCommand,
  accounts: async () => (await import('./cli/accounts-command')).accountsCommand,
})

/** A command line that cannot be understood: the one line that says why, and where the whole usage is (exit 2). */
function usageError(message: string): number {
  process.stderr.write(`event-index: ${message}\nRun \`event-index --help\` for the commands and their options.\n`)
  return 2
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv
  if (name === '--version' || name === '-v' || name === 'version') {
    process.stdout.write(`${VERSION}\n`)
    return 0
  }
  if (name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(USAGE)
    return 0
  }
  const load = name === undefined ? undefined : commands[name]
  if (!load) return usageError(name === undefined ? 'a command is needed: serve, dev, migrate, gateway, sign, crawl, extract or accounts' : `unknown command: ${name}`)
  try {
    return await (await load())(args)
  } catch (error) {
    if (error instanceof UsageError) return usageError(`${name}: ${error.message}`)
    if (error instanceof ConfigError) {
      process.stderr.write(`configuration error: ${error.message}\n`)
      return 78
    }
    process.stderr.write(`event-index ${name}: ${(error as Error).message ?? String(error)}\n`)
    return 1
  }
}

process.exit(await main(process.argv.slice(2)))
