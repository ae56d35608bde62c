// Pins how an error crosses from a database worker (reads, crawl writer) to the request thread: through
// structured clone, its name, message and SQLite code survive, so a storage failure in a worker is still
// one on the request thread (answered as such, not as a bug's 500), and a thrown non-Error still names what
// was thrown.
import { describe, expect, it } from 'bun:test'
import { errorForMessage, errorFromMessage } from '../../src/db/worker-errors'
import { isStorageFailure } from '../../src/errors'

describe('worker errors', () => {
  it("keeps a SQLite error's code through the message, so it is still a storage failure", () => {
    const full = Object.assign(new Error('database or disk is full'), { name: 'SQLiteError', code: 'SQLITE_FULL' })
    expect(isStorageFailure(full)).toBe(true)
    const crossed = errorFromMessage(structuredClone(errorForMessage(full)))
    expect(crossed).toBeInstanceOf(Error)
    expect(crossed).toMatchObject({ name: 'SQLiteError', message: 'database or disk is full', code: 'SQLITE_FULL' })
    expect(isStorageFailure(crossed)).toBe(true)
  })

  it('carries no code that was not a string, and names a thrown non-Error', () => {
    const bug = errorFromMessage(structuredClone(errorForMessage(Object.assign(new TypeError('x is undefined'), { code: 42 }))))
    expect(bug).toMatchObject({ name: 'TypeError', message: 'x is undefined', code: undefined })
    expect(isStorageFailure(bug)).toBe(false)
    expect(errorForMessage('plain text thrown')).toEqual({ name: 'Error', message: 'plain text thrown', code: undefined })
  })
})
