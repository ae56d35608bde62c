import { Type as t } from '@sinclair/typebox'
import { creditBalance, CREDIT_PRICES, findAccount, ledgerHistory } from '../../services/credits'
import { accountOf, defineTool, ToolError } from './define'

const READ = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }

export const getCreditBalanceTool = defineTool({
  name: 'get_credit_balance',
  title: 'Get my credit balance',
  description: "The account's prepaid credit balance and the price of each kind of call.",
  access: 'events:read',
  input: t.Object({}),
  output: t.Object({
    accountId: t.String(),
    email: t.String(),
    balance: t.Integer(),
    prices: t.Object({ index: t.Integer(), event: t.Integer(), preview: t.Integer() }, { description: 'credits per index_organization, per full event record, per crawl-causing preview' }),
  }),
  annotations: READ,
  async run(_args, ctx) {
    const account = await findAccount(ctx.deps.storage, accountOf(ctx))
    if (!account) throw new ToolError('not_found', 'the account no longer exists')
    return { accountId: account.accountId, email: account.email, balance: await creditBalance(ctx.deps.storage, account.accountId), prices: { ...CREDIT_PRICES } }
  },
})

export const getUsageHistoryTool = defineTool({
  name: 'get_usage_history',
  title: 'Get my usage history',
  description: "The account's recent ledger entries, newest first: grants (positive) and tool charges (negative).",
  access: 'events:read',
  input: t.Object({ limit: t.Optional(t.Integer({ minimum: 1, maximum: 200, description: 'default 20' })) }),
  output: t.Object({
    accountId: t.String(),
    balance: t.Integer(),
    count: t.Integer({ minimum: 0 }),
    entries: t.Array(t.Object({ delta: t.Integer(), reason: t.String(), tool: t.Union([t.String(), t.Null()]), at: t.String({ format: 'date-time' }) })),
  }),
  annotations: READ,
  async run(args, ctx) {
    const accountId = accountOf(ctx)
    const entries = (await ledgerHistory(ctx.deps.storage, accountId, args.limit ?? 20)).map((e) => ({ delta: e.delta, reason: e.reason, tool: e.tool, at: new Date(e.createdAt).toISOString() }))
    return { accountId, balance: await creditBalance(ctx.deps.storage, accountId), count: entries.length, entries }
  },
})

export const accountTools = [getCreditBalanceTool, getUsageHistoryTool]
