import { loadConfig } from '../config'
import { openConfiguredStorage } from '../service'
import { createAccount, creditBalance, findAccountByEmail, grantCredits, ledgerHistory } from '../services/credits'
import { parseFlags, UsageError } from './flags'

const USAGE = 'accounts create --email E [--credits N] | accounts grant --email E --credits N | accounts show --email E'

function credits(value: string | boolean | undefined, required: boolean): number {
  if (value === undefined && !required) return 0
  const n = Number(value)
  if (typeof value !== 'string' || !Number.isInteger(n) || n < 0 || n > 1_000_000_000) throw new UsageError('--credits must be a whole number of credits (0 or more)')
  return n
}

/**
 * `event-index accounts …`: MCP accounts and their prepaid credits, on DATABASE_PATH (migrated first,
 * like `migrate`). `create` prints the account key once: only its SHA-256 is stored, so it cannot be
 * shown again. Output is JSON on stdout, so scripts can read it.
 */
export async function accountsCommand(args: string[]): Promise<number> {
  const [action, ...rest] = args
  const { values, overrides } = parseFlags(rest, { email: { type: 'string' }, credits: { type: 'string' }, db: { type: 'string', env: 'DATABASE_PATH' } })
  if (!action || !['create', 'grant', 'show'].includes(action)) throw new UsageError(`usage: event-index ${USAGE}`)
  const email = values.email
  if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email)) throw new UsageError('--email must be an email address')
  const config = loadConfig(process.env, overrides)
  const { storage } = await openConfiguredStorage(config)
  try {
    const nowMs = Date.now()
    const out = (value: unknown) => process.stdout.write(`${JSON.stringify(value, null, 2)}\n`)
    if (action === 'create') {
      const amount = credits(values.credits, false)
      let created
      try {
        created = await createAccount(storage, { email, credits: amount, nowMs })
      } catch (error) {
        process.stderr.write(`${(error as Error).message}\n`)
        return 1
      }
      out({ account_id: created.accountId, email: email.trim().toLowerCase(), account_key: created.accountKey, balance: amount })
      process.stderr.write('Keep the account_key: it is shown only now. The account holder pastes it on the consent page of /oauth/authorize.\n')
      return 0
    }
    const account = await findAccountByEmail(storage, email)
    if (!account) {
      process.stderr.write(`no account for ${email}\n`)
      return 1
    }
    if (action === 'grant') {
      const balance = await grantCredits(storage, account.accountId, credits(values.credits, true), nowMs)
      out({ account_id: account.accountId, email: account.email, balance })
      return 0
    }
    out({
      account_id: account.accountId,
      email: account.email,
      created_at: new Date(account.createdAt).toISOString(),
      balance: await creditBalance(storage, account.accountId),
      recent: (await ledgerHistory(storage, account.accountId, 20)).map((e) => ({ at: new Date(e.createdAt).toISOString(), delta: e.delta, reason: e.reason, tool: e.tool })),
    })
    return 0
  } finally {
    await storage.close()
  }
}
