import { invalidRequest } from './errors'
import { isCalendarDate } from '../model/dates'

/**
 * Refuses impossible days and reversed windows. The schema's pattern only checks the shape, and Elysia's
 * `date` format accepts days that do not exist; REST runs it in `beforeHandle`, after schema validation; MCP tools at the start of `run`.
 */
export function assertDateWindow(values: { startDate?: string; endDate?: string }): void {
  for (const name of ['startDate', 'endDate'] as const) {
    const value = values[name]
    if (value !== undefined && !isCalendarDate(value)) throw invalidRequest(`${name} must be a calendar date written YYYY-MM-DD (${value} does not exist)`)
  }
  if (values.startDate && values.endDate && values.endDate < values.startDate) throw invalidRequest('endDate must not be before startDate')
}
