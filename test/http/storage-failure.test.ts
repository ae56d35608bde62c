// Pins which errors are the storage's rather than the request's (isStorageFailure, mapped to 503
// storage_unavailable with Retry-After): SQLite's disk-full, read-only, I/O and lock codes, and over
// PostgreSQL (issue 17) a server Bun cannot reach or that dropped the connection, and the SQLSTATEs of a
// server that cannot take the request now. A constraint violation or a syntax error stays a bug (500).
import { describe, expect, it } from 'bun:test'
import { isStorageFailure, mapError } from '../../src/errors'

const pg = (code: string, errno?: string) => Object.assign(new Error('postgres'), { code, errno })

describe('storage failures', () => {
  it('counts SQLite disk, read-only, I/O and lock failures', () => {
    for (const code of ['SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_IOERR_WRITE', 'SQLITE_BUSY', 'SQLITE_LOCKED']) expect(isStorageFailure(Object.assign(new Error(code), { code }))).toBe(true)
  })

  it('counts a PostgreSQL server out of reach, restarting, out of resources, read-only or asking for a retry', () => {
    for (const code of ['ERR_POSTGRES_CONNECTION_CLOSED', 'ERR_POSTGRES_CONNECTION_REFUSED', 'ERR_POSTGRES_CONNECTION_TIMEOUT', 'ERR_POSTGRES_IDLE_TIMEOUT'])
      expect(isStorageFailure(pg(code))).toBe(true)
    for (const state of ['08006', '53100', '53300', '57P01', '57P03', '25006', '40001', '40P01']) expect(isStorageFailure(pg('ERR_POSTGRES_SERVER_ERROR', state))).toBe(true)
    expect(mapError('UNKNOWN', pg('ERR_POSTGRES_CONNECTION_CLOSED'))).toMatchObject({ status: 503, body: { error: 'storage_unavailable' }, headers: { 'retry-after': '30' } })
  })

  it('leaves constraint violations, syntax errors and other errors to the 500 of a bug', () => {
    for (const state of ['23505', '23503', '42601', '42P01', '22P02']) expect(isStorageFailure(pg('ERR_POSTGRES_SERVER_ERROR', state))).toBe(false)
    expect(isStorageFailure(pg('ERR_POSTGRES_NOT_TAGGED_CALL'))).toBe(false)
    expect(isStorageFailure(new Error('plain'))).toBe(false)
    expect(isStorageFailure(undefined)).toBe(false)
    expect(mapError('UNKNOWN', pg('ERR_POSTGRES_SERVER_ERROR', '23505')).status).toBe(500)
  })
})
