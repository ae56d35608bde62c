import { randomBytes } from '../crypto-native'
import { sanitizeHints, type DroppedHint, type HintInput } from '../crawl/discover/hints'
import type { LoopbackSite } from '../crawl/fetch/resolve-overrides'
import type { JobRecord, Storage } from '../db/storage'
import { invalidRequest } from './errors'
import { addDays, windowWithDefaults } from '../model/dates'
import type { JobSource } from '../model/job-source'
import { identifyWebsite } from '../model/org-identity'

/** Index jobs and their status URLs live 24 hours (spec Limits). */
export const JOB_TTL_MS = 24 * 3600_000
/** The default window length (model/dates), named here too for the search service. */
export { DEFAULT_WINDOW_DAYS } from '../model/dates'
/** Longest window accepted: a year and a day, so one request cannot ask for a decade of recurrences. */
export const MAX_WINDOW_DAYS = 366

export type IndexRequest = {
  website: string
  startDate?: string
  endDate?: string
  hints?: HintInput
  agentId?: string
  accountId?: string
  requestId?: string
}

export type ReservedJob = { jobId: string; orgId: string; domain: string; expiresAt: number; droppedHints: DroppedHint[] }

/** What the sanitizer dropped, as stored with the job: the first entries and the count of all of them. */
type HintReport = { items: DroppedHint[]; count: number }

/** ≥128 random bits (DESIGN §5): 20 bytes, base64url. */
export function newJobId(): string {
  return `job_${randomBytes(20).toString('base64url')}`
}

/**
 * Validates an index request and records it as a `reserved` job for its organization (created if new).
 * The job becomes claimable only through {@link confirmIndexJob}, after the usage report was recorded (or
 * the MCP debit committed), so a refused report leaves nothing enqueued (see services/usage-billing).
 * Throws `invalid_request` for a website or window that cannot be indexed.
 */
export async function reserveIndexJob(storage: Storage, request: IndexRequest, options: { nowMs: number; allowPrivate: boolean; loopbackSites?: readonly LoopbackSite[] }): Promise<ReservedJob> {
  let identity
  try {
    identity = identifyWebsite(request.website, { allowPrivate: options.allowPrivate, loopbackSites: options.loopbackSites })
  } catch (error) {
    throw invalidRequest(`website: ${(error as Error).message}`)
  }
  const { start: startDate, end: endDate } = windowWithDefaults(options.nowMs, request)
  if (endDate < startDate) throw invalidRequest('endDate must not be before startDate')
  if (endDate > addDays(startDate, MAX_WINDOW_DAYS)) throw invalidRequest(`the window from startDate to endDate must be at most ${MAX_WINDOW_DAYS} days`)
  const { hints, dropped, droppedCount } = sanitizeHints(request.hints)
  const jobId = newJobId()
  const expiresAt = options.nowMs + JOB_TTL_MS
  await storage.jobs.reserve({
    organization: { orgId: identity.orgId, domain: identity.domain, website: identity.origin },
    jobId,
    website: identity.startUrl,
    startDate,
    endDate,
    hints: JSON.stringify(hints),
    hintReport: JSON.stringify({ items: dropped, count: droppedCount } satisfies HintReport),
    agentId: request.agentId,
    accountId: request.accountId,
    requestId: request.requestId,
    nowMs: options.nowMs,
    expiresAt,
  })
  return { jobId, orgId: identity.orgId, domain: identity.domain, expiresAt, droppedHints: dropped }
}

export const confirmIndexJob = (storage: Storage, jobId: string, nowMs: number) => storage.jobs.confirm(jobId, nowMs)
export const discardIndexJob = (storage: Storage, jobId: string) => storage.jobs.discardReserved(jobId)

export type JobStatus =
  | { state: 'not_found' }
  | { state: 'awaiting_billing'; job: JobRecord }
  | { state: 'billing_refused'; job: JobRecord; reason: string }
  | { state: 'pending' | 'running'; job: JobRecord; progress: { pagesFetched: number; sourcesFound: number; eventsFound: number } }
  | { state: 'ready'; job: JobRecord; eventCount: number; sources: JobSource[] }
  | { state: 'failed' | 'cancelled'; job: JobRecord; reason: string }
  | { state: 'expired'; job: JobRecord; orgIndexed: boolean }

export type JobNotes = {
  droppedHints?: DroppedHint[]
  /** How many hints were dropped in all, when that is more than the entries listed. */
  droppedHintCount?: number
  refused?: { url: string; reason: string }[]
  unreadable?: { url: string; platform: string; reason: string }[]
  zone?: { name: string; how: string }
}

/**
 * Hints the sanitizer dropped, URLs the crawl refused, platforms it recognised but cannot read and the
 * zone the events were read in with how it was chosen, for the poll answer (empty lists left out).
 */
export function jobNotes(job: JobRecord): JobNotes | undefined {
  const notes: JobNotes = {}
  const stored = JSON.parse(job.hintReport) as HintReport | DroppedHint[]
  const dropped: HintReport = Array.isArray(stored) ? { items: stored, count: stored.length } : stored
  if (dropped.items.length) notes.droppedHints = dropped.items
  if (dropped.count > dropped.items.length) notes.droppedHintCount = dropped.count
  const progress = JSON.parse(job.progress) as Pick<JobNotes, 'refused' | 'unreadable' | 'zone'>
  if (progress.refused?.length) notes.refused = progress.refused
  if (progress.unreadable?.length) notes.unreadable = progress.unreadable
  if (progress.zone?.name) notes.zone = { name: progress.zone.name, how: progress.zone.how }
  return Object.keys(notes).length ? notes : undefined
}

/**
 * What the poll endpoint should say about a job at `nowMs` (spec "States and transitions"), truthfully
 * also while its billing is unsettled: a reserved job whose usage report was sent is `awaiting_billing`
 * (it runs once the charge is confirmed); one whose charge the usage service refused is
 * `billing_refused` (nothing charged, never run). A reserved job whose report was never sent has not been
 * given to anyone and is `not_found`.
 */
export async function jobStatus(storage: Storage, jobId: string, nowMs: number): Promise<JobStatus> {
  const job = await storage.jobs.find(jobId)
  if (!job || (job.state === 'reserved' && job.billing === null)) return { state: 'not_found' }
  if (nowMs > job.expiresAt) return { state: 'expired', job, orgIndexed: !!(await storage.organizations.find(job.orgId))?.lastIndexedAt }
  if (job.state === 'reserved') return { state: 'awaiting_billing', job }
  if (job.state === 'cancelled' && job.billing === 'refused') return { state: 'billing_refused', job, reason: job.error ?? 'the usage service refused the charge' }
  if (job.state === 'ready') return { state: 'ready', job, eventCount: job.eventCount ?? 0, sources: (JSON.parse(job.progress) as { sources?: JobSource[] }).sources ?? [] }
  if (job.state === 'failed' || job.state === 'cancelled') return { state: job.state, job, reason: job.error ?? job.state }
  const p = JSON.parse(job.progress) as Partial<Record<'pagesFetched' | 'sourcesFound' | 'eventsFound', number>>
  return { state: job.state, job, progress: { pagesFetched: p.pagesFetched ?? 0, sourcesFound: p.sourcesFound ?? 0, eventsFound: p.eventsFound ?? 0 } }
}

export type { AccountJob } from '../db/storage'

/** The index jobs an MCP account started, newest first (reserved ones, never confirmed, are not shown). */
export const accountJobs = (storage: Storage, accountId: string, limit: number) => storage.jobs.forAccount(accountId, limit)
