import type { Db } from '../db'
import type { UsageClient } from '../gateway/usage-client'
import type { LoopbackSite } from '../model/loopback-site'
import { CREDIT_PRICES, debitOnce, fingerprintOf, priorCharge, requireCredits, type CallIdentity } from './credits'
import { DomainError } from './errors'
import { confirmIndexJob, discardIndexJob, reserveIndexJob, type IndexRequest, type ReservedJob } from './index-jobs'
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
  db: Db,
  usage: UsageClient,
  request: IndexRequest & { agentId: string; requestId: string },
  options: IndexOptions & { now: () => number },
): Promise<AgentIndexOutcome> {
  const job = reserveIndexJob(db, request, options)
  const billed = await billIndexJob(db, usage, { jobId: job.jobId, agentId: request.agentId, requestId: request.requestId }, options.now)
  return billed.outcome === 'recorded' ? { outcome: 'queued', job } : { outcome: billed.outcome, job, reason: billed.reason }
}

export type AccountIndexOutcome<A> = { outcome: 'replayed'; stored: string } | { outcome: 'queued'; answer: A; charged: number }

/**
 * Paid in credits (MCP): a retry of the same call gets its first answer back without a second debit; else
 * the balance must cover the price, the job is reserved, and the debit and the job's confirmation commit
 * together (a crash before leaves a reserved job the scheduler releases). `present` builds the answer
 * stored with the debit for retries.
 */
export function indexForAccount<A>(db: Db, call: CallIdentity, request: IndexRequest, options: IndexOptions, present: (job: ReservedJob) => A): AccountIndexOutcome<A> {
  const { nowMs } = options
  const prior = priorCharge(db, call, nowMs)
  if (prior?.result) return { outcome: 'replayed', stored: prior.result }
  requireCredits(db, call.accountId, CREDIT_PRICES.index)
  const job = reserveIndexJob(db, { ...request, accountId: call.accountId }, options)
  const answer = present(job)
  const json = JSON.stringify(answer)
  let debit
  try {
    debit = debitOnce(db, call, CREDIT_PRICES.index, nowMs, { json, fingerprint: fingerprintOf(json) }, () => {
      if (!confirmIndexJob(db, job.jobId, nowMs)) throw new DomainError('index_failed', 'the index job could not be queued; nothing was charged')
    })
  } catch (error) {
    discardIndexJob(db, job.jobId)
    throw error
  }
  if (debit.replayed) {
    discardIndexJob(db, job.jobId)
    return { outcome: 'replayed', stored: debit.result ?? json }
  }
  return { outcome: 'queued', answer, charged: debit.charged }
}
