// Pins (issue 16): services/preview-document is the one assembly of fetch → extract → normalize for a single
// document. `inferFromDocument` is explicit: `event-index extract` lets the document give the zone (and
// says so), the MCP previews read the events with exactly the zone the caller gave (none inferred); a
// source given by URL is fetched first and a refused fetch is the domain error `fetch_failed`.
import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { DomainError } from '../../src/services/errors'
import { previewDocument } from '../../src/services/preview-document'

const DOCUMENT = join(import.meta.dir, '../fixtures/zones/kulturhaus-dresden.html')
const URL = 'https://www.kulturhaus-am-schloss.example/programm/kaestner'
const WINDOW = { start: '2026-01-01', end: '2026-12-31' }

async function source() {
  return { url: URL, body: await Bun.file(DOCUMENT).bytes(), contentType: 'text/html' }
}

describe('previewDocument', () => {
  it('with inferFromDocument, the zone comes from the venue and the warning says so', async () => {
    const r = await previewDocument(await source(), { window: WINDOW, inferFromDocument: true })
    expect(r.events.map((e) => e.startDate)).toEqual(['2026-05-10T19:30:00+02:00'])
    expect(r.zone?.zone).toBe('Europe/Berlin')
    expect(r.warnings.some((w) => w.startsWith('no zone given: Europe/Berlin'))).toBe(true)
  })

  it('without inference, nothing is guessed: no zone choice and no such warning', async () => {
    const r = await previewDocument(await source(), { window: WINDOW, inferFromDocument: false })
    expect(r.zone).toBeUndefined()
    expect(r.warnings.some((w) => w.startsWith('no zone given'))).toBe(false)
    expect(r.events.map((e) => e.startDate)).not.toEqual(['2026-05-10T19:30:00+02:00'])
  })

  it('a given zone wins either way', async () => {
    const r = await previewDocument(await source(), { window: WINDOW, timezone: 'America/Chicago', inferFromDocument: false })
    expect(r.events.map((e) => e.startDate)).toEqual(['2026-05-10T19:30:00-05:00'])
  })

  it('a URL the SSRF guard refuses is fetch_failed, nothing read', async () => {
    const refused = previewDocument({ url: 'http://127.0.0.1:9/feed.ics' }, { window: WINDOW, inferFromDocument: false, fetcher: { userAgent: 'test', allowPrivate: false } })
    await expect(refused).rejects.toBeInstanceOf(DomainError)
    await expect(refused).rejects.toMatchObject({ code: 'fetch_failed' })
  })
})
