import { stat } from 'node:fs/promises'
import { extname, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { isIanaZone } from '../crawl/shared/time'
import { registrableDomain } from '../crawl/shared/urls'
import { defaultWindowEnd, isCalendarDate } from '../model/dates'
import { parseFlags, UsageError } from './flags'
import { lookupTable } from '../lookup-table'
import { previewDocument } from '../services/preview-document'

const FLAGS = { 'base-url': { type: 'string' }, tz: { type: 'string' }, start: { type: 'string' }, end: { type: 'string' } } as const
const CONTENT_TYPES: Record<string, string> = lookupTable({
  '.ics': 'text/calendar',
  '.ical': 'text/calendar',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.rss': 'application/rss+xml',
  '.atom': 'application/atom+xml',
  '.html': 'text/html',
  '.htm': 'text/html',
})

/** Writes to a stream and waits until it is flushed: the CLI exits right after, and a pipe must get everything. */
function writeAll(stream: NodeJS.WriteStream, text: string): Promise<void> {
  return new Promise((resolve) => {
    stream.write(text, () => resolve())
  })
}

/** Today's date in `zone` (the organization's day), else in UTC. */
function today(zone: string | undefined): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone ?? 'UTC', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
}

function option(values: Record<string, string | boolean | undefined>, name: string): string | undefined {
  const v = values[name]
  return typeof v === 'string' ? v : undefined
}

function parseWindow(values: Record<string, string | boolean | undefined>, zone: string | undefined) {
  const start = option(values, 'start') ?? today(zone)
  const end = option(values, 'end') ?? defaultWindowEnd(start)
  for (const [flag, value] of [
    ['--start', start],
    ['--end', end],
  ])
    if (!isCalendarDate(value)) throw new UsageError(`${flag} must be a date written YYYY-MM-DD, got "${value}"`)
  if (end < start) throw new UsageError(`--end ${end} is before --start ${start}`)
  return { start, end }
}

function parseBaseUrl(value: string | undefined, path: string): string {
  if (value === undefined) return pathToFileURL(path).href
  try {
    const url = new URL(value)
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.href
  } catch {}
  throw new UsageError(`--base-url must be an absolute http(s) URL, got "${value}"`)
}

/** " (they fall between 2019-01-10 and 2019-12-12)": the span of the candidates' days. */
function outsideSpan(candidates: { start?: { date: string } }[]): string {
  const days = candidates
    .map((c) => c.start?.date)
    .filter((d): d is string => !!d)
    .sort()
  return days.length ? ` (they fall between ${days[0]} and ${days[days.length - 1]})` : ''
}

/**
 * `event-index extract <file> [--base-url URL] [--tz ZONE] [--start YYYY-MM-DD] [--end YYYY-MM-DD]`
 * (DESIGN §3): one saved document to a JSON array of normalized Events on stdout, warnings on stderr.
 * Exit 0 whenever the file could be read (even with warnings or no events), 2 for a usage error, 1 for an
 * unreadable file. Fetching http(s) URLs belongs to the crawler and is refused here, not faked.
 */
export async function extractCommand(args: string[]): Promise<number> {
  const { values, positionals } = parseFlags(args, FLAGS)
  if (positionals.length !== 1) throw new UsageError(`extract takes one file, got ${positionals.length}`)
  const target = positionals[0]
  if (/^https?:\/\//i.test(target)) {
    process.stderr.write(`event-index extract: fetching ${target} arrives with the crawler (event-index crawl); save the document and run: event-index extract FILE --base-url ${target}\n`)
    return 2
  }
  const zone = option(values, 'tz')
  if (zone !== undefined && !isIanaZone(zone)) throw new UsageError(`--tz must be an IANA time zone such as America/Chicago, got "${zone}"`)
  const window = parseWindow(values, zone)
  let path: string
  try {
    path = /^file:/i.test(target) ? fileURLToPath(target) : resolve(target)
  } catch {
    throw new UsageError(`not a file path or file: URL: ${target}`)
  }
  const baseUrl = parseBaseUrl(option(values, 'base-url'), path)
  let bytes: Uint8Array
  try {
    if ((await stat(path)).isDirectory()) throw new Error('is a directory')
    bytes = await Bun.file(path).bytes()
  } catch (error) {
    process.stderr.write(`event-index extract: cannot read ${target}: ${(error as Error).message}\n`)
    return 1
  }
  const source = { url: baseUrl, body: bytes, contentType: CONTENT_TYPES[extname(path).toLowerCase()] }
  const { extracted, events, warnings } = await previewDocument(source, {
    timezone: zone,
    window,
    orgDomain: baseUrl.startsWith('file:') ? undefined : registrableDomain(baseUrl),
    inferFromDocument: true,
  })
  const notes = [...warnings]
  // Events read but none kept: say so, with where they were, so that an empty answer is never a mystery.
  if (!events.length && extracted.candidates.length)
    notes.push(`${extracted.candidates.length} event(s) read, none inside the window ${window.start}..${window.end}${outsideSpan(extracted.candidates)}`)
  if (baseUrl.startsWith('file:')) notes.unshift('no --base-url: relative links cannot be made absolute and are left out')
  const summary = `${events.length} event(s) from ${extracted.format} document, window ${window.start}..${window.end}\n`
  await writeAll(process.stderr, `${notes.map((w) => `warning: ${w}\n`).join('')}${summary}`)
  await writeAll(process.stdout, `${JSON.stringify(events, null, 2)}\n`)
  return 0
}
