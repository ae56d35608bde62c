// Pins that a crawl asked for "today" keeps the evening of zones west of UTC, on both backends. Windows are
// local days of each event's own zone and "today" is the UTC date: a job asked for at 01:00 UTC on the 25th,
// starting today, must still store a 19:00 event in Los Angeles on the 24th (03:00 UTC on the 25th), but not
// that day's morning event, over before the job was asked for; a window the caller started on a day of
// their own choosing stays exactly that window.
import { afterEach, expect, it } from 'bun:test'
import { eventually, insertPendingJob, jobRow, startLoopbackRunner } from '../helpers/jobs'
import { peekRows } from '../helpers/peek'
import { forEachBackend } from '../helpers/storage'

const cleanups: (() => unknown)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const vevent = (uid: string, start: string, summary: string) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  'DTSTAMP:20261101T000000Z',
  `DTSTART;TZID=America/Los_Angeles:${start}`,
  'DURATION:PT2H',
  `SUMMARY:${summary}`,
  'END:VEVENT',
]

const calendar = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'PRODID:-//test//today-west//EN',
  ...vevent('before@test', '20261123T190000', 'Knitting Circle'),
  ...vevent('morning@test', '20261124T100000', 'Morning Yoga'),
  ...vevent('tonight@test', '20261124T190000', 'Evening Author Talk'),
  ...vevent('later@test', '20261126T100000', 'Thanksgiving Walk'),
  'END:VCALENDAR',
].join('\r\n')

function startSite() {
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: (req) =>
      new URL(req.url).pathname === '/cal.ics'
        ? new Response(calendar, { headers: { 'content-type': 'text/calendar' } })
        : new Response('<html lang="en"><head><title>West Library</title></head><body><h1>West Library</h1><a href="/cal.ics">Calendar</a></body></html>', {
            headers: { 'content-type': 'text/html' },
          }),
  })
  cleanups.push(() => server.stop(true))
  return `127.0.0.1:${server.port}`
}

forEachBackend('a crawl window that starts today', (open) => {
  async function storedTitles(createdAt: number): Promise<string[]> {
    const host = startSite()
    const storage = await open()
    const runner = startLoopbackRunner(storage, (stop) => cleanups.push(stop), { maxPages: 5 })
    const job = await insertPendingJob(storage, { domain: host, website: `http://${host}/`, calendarUrls: [`http://${host}/cal.ics`], window: { start: '2026-11-25', end: '2027-02-23' }, createdAt })
    runner.kick()
    await eventually(async () => ['ready', 'failed'].includes((await jobRow(storage, job.jobId)).state), 20_000)
    expect((await jobRow(storage, job.jobId)).state).toBe('ready')
    const rows = await peekRows<{ record: string }>(storage, 'SELECT record FROM events')
    return rows.map((r) => JSON.parse(String(r.record)).title as string).sort()
  }

  it("keeps tonight's events west of UTC when the job was asked for on the window's first day", async () => {
    expect(await storedTitles(Date.parse('2026-11-25T01:00:00Z'))).toEqual(['Evening Author Talk', 'Thanksgiving Walk'])
  }, 30_000)

  it('keeps a start the caller chose on another day as given', async () => {
    expect(await storedTitles(Date.parse('2026-11-20T12:00:00Z'))).toEqual(['Thanksgiving Walk'])
  }, 30_000)
})
