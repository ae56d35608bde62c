// Pins (issue 16): a use case's business failure (services/errors DomainError) carries no transport status;
// every code it may carry has a REST status in the one table (http/domain-errors) and an MCP answer (an
// `isError` tool result with the code, mcp/tools/define), so a new code cannot reach a surface unmapped.
import { describe, expect, it } from 'bun:test'
import { mapError } from '../../src/errors'
import { DOMAIN_ERROR_STATUS } from '../../src/http/domain-errors'
import { domainErrorResult } from '../../src/mcp/tools/define'
import { InsufficientCredits } from '../../src/services/credits'
import { DOMAIN_ERROR_CODES, DomainError } from '../../src/services/errors'

describe('domain errors on both surfaces', () => {
  for (const code of DOMAIN_ERROR_CODES) {
    it(`${code}: a 4xx/5xx REST answer from the table and an isError MCP result`, () => {
      const error = new DomainError(code, `failed: ${code}`, { orgId: 'org_x' })
      const status = DOMAIN_ERROR_STATUS[code]
      expect(Number.isInteger(status) && status >= 400 && status < 600).toBe(true)
      const rest = mapError('UNKNOWN', error)
      expect(rest).toEqual({ status, body: { error: code, message: `failed: ${code}`, orgId: 'org_x' }, headers: {} })
      const tool = domainErrorResult(error)
      expect(tool.isError).toBe(true)
      expect(tool.structuredContent).toEqual({ error: code, message: `failed: ${code}`, orgId: 'org_x' })
      expect(JSON.parse(tool.content[0].text)).toEqual(tool.structuredContent)
    })
  }

  it('the REST table has no code the domain does not know', () => {
    expect(Object.keys(DOMAIN_ERROR_STATUS).sort()).toEqual([...DOMAIN_ERROR_CODES].sort())
  })

  it('the spec statuses of the codes REST answers today', () => {
    expect(DOMAIN_ERROR_STATUS).toMatchObject({
      invalid_request: 400,
      not_found: 404,
      not_indexed: 404,
      job_expired: 410,
      report_cap_reached: 429,
      billing_refused: 502,
      index_failed: 502,
      index_cancelled: 502,
      usage_unavailable: 503,
      usage_unknown: 503,
    })
  })

  it('a retry hint becomes Retry-After on REST and stays out of both bodies', () => {
    const error = new DomainError('usage_unavailable', 'billing is unavailable', {}, 5)
    expect(mapError('UNKNOWN', error)).toEqual({ status: 503, body: { error: 'usage_unavailable', message: 'billing is unavailable' }, headers: { 'retry-after': '5' } })
    expect(domainErrorResult(error).structuredContent).toEqual({ error: 'usage_unavailable', message: 'billing is unavailable' })
  })

  it('InsufficientCredits is a DomainError: 402 on REST, required and balance on both', () => {
    const error = new InsufficientCredits(40, 3)
    expect(mapError('UNKNOWN', error).status).toBe(402)
    expect(mapError('UNKNOWN', error).body).toMatchObject({ error: 'insufficient_credits', required: 40, balance: 3 })
    expect(domainErrorResult(error).structuredContent).toMatchObject({ error: 'insufficient_credits', required: 40, balance: 3 })
  })
})
