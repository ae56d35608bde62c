import type { Storage } from '../db/storage'
import { SCRIPT_VERSION } from '../crawl/version'
import { identifyWebsite } from '../model/org-identity'
import type { Event } from '../model/event'
import { calendarSources, organizationDetail, type CalendarSource, type OrganizationDetail } from '../services/event-catalog'
import { VERSION } from '../version'

export type ReportSubject = { orgId?: string; domain?: string; jobId?: string }

export type Diagnostics = {
  serviceVersion: string
  scriptVersion: string
  organization?: OrganizationDetail & { eventsUrl: string }
  sources?: CalendarSource[]
  sampleEvents?: { title?: string; startDate?: string; url?: string }[]
  job?: { jobId: string; status: string; error: string | null; createdAt: string; progress: unknown }
  unresolved?: string
}

/**
 * What the service team needs to act on a report without asking back (spec "POST /api/v1/report"): the
 * organization it is about (from orgId, domain or the job), its indexed event count and address, the
 * scraper version, a few upcoming events, its sources and the related job's status. The organization
 * facts are the same ones the MCP tools show (one service, not two copies).
 */
export async function collectDiagnostics(storage: Storage, subject: ReportSubject, options: { nowMs: number; baseUrl: string; allowPrivate: boolean }): Promise<Diagnostics> {
  const out: Diagnostics = { serviceVersion: VERSION, scriptVersion: SCRIPT_VERSION }
  const job = subject.jobId ? await storage.jobs.find(subject.jobId) : undefined
  if (job) out.job = { jobId: job.jobId, status: job.state, error: job.error, createdAt: new Date(job.createdAt).toISOString(), progress: JSON.parse(job.progress) }
  let orgId = subject.orgId ?? job?.orgId
  if (!orgId && subject.domain) {
    try {
      orgId = identifyWebsite(subject.domain, { allowPrivate: options.allowPrivate }).orgId
    } catch {
      out.unresolved = `domain ${JSON.stringify(subject.domain.slice(0, 200))} is not a website`
    }
  }
  if (!orgId) return out
  const detail = await organizationDetail(storage, orgId, options.nowMs)
  if (!detail) {
    out.unresolved = `organization ${orgId} is unknown`
    return out
  }
  out.organization = { ...detail, eventsUrl: `${options.baseUrl}/api/v1/businesses/${orgId}/events` }
  out.sampleEvents = detail.indexed
    ? (await storage.events.upcomingSample(orgId, 3, options.nowMs)).map((json) => {
        const e = JSON.parse(json) as Event
        return { title: e.title, startDate: e.startDate, url: e.url }
      })
    : []
  out.sources = (await calendarSources(storage, orgId)).slice(0, 20)
  return out
}
