import type { Storage } from '../db/storage'
import type { UsageClient } from '../gateway/usage-client'
import type { LoopbackSite } from '../model/loopback-site'
import { CREDIT_PRICES, debitOnce, fingerprintOf, priorCharge, requireCredits, type CallIdentity } from './credits'
import { discardIndexJob, reserveIndexJob, type IndexRequest, type ReservedJob } from './index-jobs'
import { billIndexJob } from './usage-billing'

/**
 * The use case "index an organization" (spec POST /api/v1/orgs, MCP `index_organization`): reserve the
 * job, bill it, then confirm it (claimable by the runner) or discard it, so that a charge never goes
 * without a job and a job never runs without a charge. One home for both ways of paying.
 */
export type IndexOptions = { nowMs: number; allowPrivate: boolean; loopbackSites?: readonly LoopbackSite[] }

export type AgentIndexOutcome = { outcome: 'queued'; job: ReservedJob } | { outcome: 'refused' | 'unknown'; job: ReservedJob; reason: string }

/**
 * Paid through the gateway (REST): the usage report is sent after the job is reserved; `refused`
 * discards it (nothing charged, no job), `unknown` leaves it reserved for the scheduler to settle.
 */
export async function indexForAgent(
  storage: Storage,
  usage: UsageClient,
  request: IndexRequest & { agentId: string; requestId: string },
  options: IndexOptions & { now: () => number },
): Promise<AgentIndexOutcome> {
  const job = await reserveIndexJob(storage, request, options)
  const billed = await billIndexJob(storage, usage, { jobId: job.jobId, agentId: request.agentId, requestId: request.requestId }, options.now)
  return billed.outcome === 'recorded' ? { outcome: 'queued', job } : { outcome: billed.outcome, job, reason: billed.reason }
}

export type AccountIndexOutcome<A> = { outcome: 'replayed'; stored: string } | { outcome: 'queued'; answer: A; charged: number }

/**
 * Paid in credits (MCP): a retry of the same call gets its first answer back without a second debit; else
 * the balance must cover the price, the job is reserved, and the debit and the job's confirmation commit
 * together (a crash before leaves a reserved job the scheduler releases). `present` builds the answer
 * stored with the debit for retries.
 */
export async function indexForAccount<A>(storage: Storage, call: CallIdentity, request: IndexRequest, options: IndexOptions, present: (job: ReservedJob) => A): Promise<AccountIndexOutcome<A>> {
  const { nowMs } = options
  const prior = await priorCharge(storage, call, nowMs)
  if (prior?.result) return { outcome: 'replayed', stored: prior.result }
  await requireCredits(storage, call.accountId, CREDIT_PRICES.index)
  const job = await reserveIndexJob(storage, { ...request, accountId: call.accountId }, options)
  const answer = present(job)
  const json = JSON.stringify(answer)
  let debit
  try {
    // The job's confirmation commits with the debit (one storage transaction), or neither does.
    debit = await debitOnce(storage, call, CREDIT_PRICES.index, nowMs, { json, fingerprint: fingerprintOf(json) }, job.jobId)
  } catch (error) {
    await discardIndexJob(storage, job.jobId)
    throw error
  }
  if (debit.replayed) {
    await discardIndexJob(storage, job.jobId)
    return { outcome: 'replayed', stored: debit.result ?? json }
  }
  return { outcome: 'queued', answer, charged: debit.charged }
}
