import type { SQL } from 'bun'
import type { UsageReportState } from '../../../model/job-state'
import type { UsageReportStorage } from '../../storage'
import type { UsageReportRecord } from '../../storage-types'
import { num, type Raw } from '../../record-rows'

const record = (r: Raw): UsageReportRecord => ({
  agentId: r.agent_id as string,
  requestId: r.request_id as string,
  usage: r.usage as string,
  state: r.state as UsageReportState,
  attempts: num(r.attempts),
  lastError: r.last_error as string | null,
  createdAt: num(r.created_at),
  updatedAt: num(r.updated_at),
})

/**
 * The usage reports group of the storage interface on PostgreSQL (Bun's SQL client), the queries of
 * queries/usage-reports.ts: a second queueing of one (agent, request id) changes nothing, and only a
 * pending report is ended or retried.
 */
export function pgUsageReportStorage(sql: SQL): UsageReportStorage {
  return {
    async queue(report) {
      await sql`INSERT INTO usage_reports (agent_id, request_id, usage, state, last_error, created_at, updated_at)
        VALUES (${report.agentId}, ${report.requestId}, ${report.usage}, 'pending', ${report.error}, ${report.nowMs}, ${report.nowMs})
        ON CONFLICT (agent_id, request_id) DO NOTHING`
    },
    async due(beforeMs, limit) {
      const rows = await sql`SELECT * FROM usage_reports WHERE state = 'pending' AND updated_at < ${beforeMs} ORDER BY updated_at, agent_id, request_id LIMIT ${limit}`
      return (rows as Raw[]).map(record)
    },
    async end(report, state, error, nowMs) {
      await sql`UPDATE usage_reports SET state = ${state}, last_error = ${error}, updated_at = ${nowMs}
        WHERE agent_id = ${report.agentId} AND request_id = ${report.requestId} AND state = 'pending'`
    },
    async retry(report, error, nowMs) {
      await sql`UPDATE usage_reports SET attempts = ${report.attempts + 1}, last_error = ${error}, updated_at = ${nowMs}
        WHERE agent_id = ${report.agentId} AND request_id = ${report.requestId} AND state = 'pending'`
    },
    async purgeEnded(beforeMs) {
      const result = await sql`DELETE FROM usage_reports WHERE state IN ('recorded', 'abandoned') AND updated_at < ${beforeMs}`
      return result.count
    },
  }
}
