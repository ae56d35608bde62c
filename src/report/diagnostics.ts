import type { Db } from '../db'
import { SCRIPT_VERSION } from '../crawl/version'
import { identifyWebsite } from '../model/org-identity'
import { VERSION } from '../version'

export type ReportSubject = { orgId?: string; domain?: string; jobId?: string }

export type Diagnostics = {
  serviceVersion: string
  scriptVersion: string
  organization?: { orgId: string; domain: string; name: string | null; indexed: boolean; lastIndexedAt: string | null; eventCount: number; upcomingEvents: number; eventsUrl: string }
  sources?: { url: string; kind: string; status: string; eventCount: number; error: string | null }[]
  sampleEvents?: { title: string; startDate?: string; url?: string }[]
  job?: { jobId: string; status: string; error: string | null; createdAt: string; progress: unknown }
  unresolved?: string
}

/**
 * What the service team needs to act on a report without asking back (spec "POST /api/v1/report"): the
 * organization it is about (from orgId, domain or the job), its indexed event count and address, the
 * scraper version, a few upcoming events, its sources and the related job's status.
 */
export function collectDiagnostics(db: Db, subject: ReportSubject, options: { nowMs: number; baseUrl: string; allowPrivate: boolean }): Diagnostics {
  const out: Diagnostics = { serviceVersion: VERSION, scriptVersion: SCRIPT_VERSION }
  const c = db.$client
  const job = subject.jobId
    ? (c.query('SELECT job_id, org_id, state, error, created_at, progress FROM index_jobs WHERE job_id = ?1').get(subject.jobId) as
        | { job_id: string; org_id: string; state: string; error: string | null; created_at: number; progress: string }
        | null)
    : null
  if (job) out.job = { jobId: job.job_id, status: job.state, error: job.error, createdAt: new Date(job.created_at).toISOString(), progress: JSON.parse(job.progress) }
  let orgId = subject.orgId ?? job?.org_id
  if (!orgId && subject.domain) {
    try {
      orgId = identifyWebsite(subject.domain, { allowPrivate: options.allowPrivate }).orgId
    } catch {
      out.unresolved = `domain ${JSON.stringify(subject.domain.slice(0, 200))} is not a website`
    }
  }
  const org = orgId
    ? (c.query('SELECT org_id, domain, name, event_count, last_indexed_at FROM organizations WHERE org_id = ?1').get(orgId) as
        | { org_id: string; domain: string; name: string | null; event_count: number; last_indexed_at: number | null }
        | null)
    : null
  if (orgId && !org) out.unresolved = `organization ${orgId} is unknown`
  if (!org) return out
  const upcoming = c.query('SELECT record FROM events WHERE org_id = ?1 AND until_at >= ?2 ORDER BY starts_at LIMIT 3').all(org.org_id, options.nowMs) as { record: string }[]
  out.organization = {
    orgId: org.org_id,
    domain: org.domain,
    name: org.name,
    indexed: org.last_indexed_at !== null,
    lastIndexedAt: org.last_indexed_at === null ? null : new Date(org.last_indexed_at).toISOString(),
    eventCount: org.event_count,
    upcomingEvents: (c.query('SELECT count(*) AS n FROM events WHERE org_id = ?1 AND until_at >= ?2').get(org.org_id, options.nowMs) as { n: number }).n,
    eventsUrl: `${options.baseUrl}/api/v1/businesses/${org.org_id}/events`,
  }
  out.sampleEvents = upcoming.map((r) => {
    const e = JSON.parse(r.record) as { title?: string; startDate?: string; url?: string }
    return { title: e.title ?? '', startDate: e.startDate, url: e.url }
  })
  out.sources = (c.query('SELECT url, kind, status, event_count, error FROM sources WHERE org_id = ?1 ORDER BY event_count DESC LIMIT 20').all(org.org_id) as {
    url: string
    kind: string
    status: string
    event_count: number
    error: string | null
  }[]).map((s) => ({ url: s.url, kind: s.kind, status: s.status, eventCount: s.event_count, error: s.error }))
  return out
}
