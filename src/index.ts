#!/usr/bin/env bun
import { accountsCommand } from './cli/accounts-command'
import { gatewayCommand, signCommand } from './cli/gateway-commands'
import { crawlCommand } from './cli/crawl-command'
import { extractCommand } from './cli/extract-command'
import { devCommand, migrateCommand, serveCommand } from './cli/service-commands'
import { UsageError } from './cli/flags'
import { USAGE } from './cli/usage'
import { ConfigError } from './config'
import { VERSION } from './version'

const commands: Record<string, (args: string[]) => Promise<number>> = {
  serve: serveCommand,
  dev: devCommand,
  migrate: migrateCommand,
  gateway: gatewayCommand,
  sign: signCommand,
  extract: extractCommand,
  crawl: crawlCommand,
  accounts: accountsCommand,
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
  const command = name === undefined ? undefined : commands[name]
  if (!command) {
    process.stderr.write(`${name === undefined ? 'missing command' : `unknown command: ${name}`}\n\n${USAGE}`)
    return 2
  }
  try {
    return await command(args)
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}`)
      return 2
    }
    if (error instanceof ConfigError) {
      process.stderr.write(`configuration error: ${error.message}\n`)
      return 78
    }
    const code = (error as { code?: string }).code
    if (code === 'EADDRINUSE') {
      process.stderr.write('cannot listen: the address is already in use (set PORT or --port to another port)\n')
      return 1
    }
    process.stderr.write(`event-index ${name}: ${(error as Error).message ?? String(error)}\n`)
    return 1
  }
}

process.exit(await main(process.argv.slice(2)))
