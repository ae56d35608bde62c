// Pins `event-index extract` without --tz (issue 13): the zone is inferred from the document, the events
// carry its offsets, and stderr says which zone was used and how it was chosen; with nothing to go on the
// times are written in UTC (+00:00) with a warning, never without an offset.
import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { BUN, run } from '../helpers/process'

/** Documents written for issue 13's zone, venue and dedupe rules (German, French, Spanish, English). */
const ZONE_DOCUMENTS = join(import.meta.dir, '../fixtures/zones')

async function extract(file: string, baseUrl: string) {
  const r = await run([BUN, 'src/index.ts', 'extract', join(ZONE_DOCUMENTS, file), '--base-url', baseUrl, '--start', '2026-01-01', '--end', '2026-12-31'])
  return { ...r, events: JSON.parse(r.stdout) as { startDate: string }[] }
}

describe('event-index extract without --tz', () => {
  it('infers the zone from the venue address and says so', async () => {
    const r = await extract('kulturhaus-dresden.html', 'https://www.kulturhaus-am-schloss.example/programm/kaestner')
    expect(r.code).toBe(0)
    expect(r.events.map((e) => e.startDate)).toEqual(['2026-05-10T19:30:00+02:00'])
    expect(r.stderr).toContain("warning: no zone given: Europe/Berlin, from the events' venues (venue address → Dresden, DE)")
  })

  it('writes UTC with a warning when the document points nowhere', async () => {
    const r = await extract('nowhere-club.html', 'https://club.example.org/night')
    expect(r.events.map((e) => e.startDate)).toEqual(['2026-05-20T19:00:00+00:00'])
    expect(r.stderr).toContain('UTC (+00:00) as the last resort')
  })
})
