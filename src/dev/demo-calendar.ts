/**
 * The events of the built-in demo organization (`event-index dev`), with dates relative to today in the
 * organization's zone, so the demo never runs out of upcoming events. Each source of the site carries
 * different events: plain cards on the events page, JSON-LD on the camps page, and the iCalendar feed
 * (one weekly series and one single event), so a crawl shows all three readers at work.
 */
export const DEMO_ZONE = 'America/Los_Angeles'
export const DEMO_ORG = {
  name: 'Riverside Community Centre',
  street: '4261 Main Street',
  city: 'Riverside',
  region: 'CA',
  postalCode: '92501',
  country: 'US',
  phone: '(951) 555-0142',
}

/** One demo event: a day `days` after today, local wall times `HH:MM`. */
export type DemoEvent = { days: number; title: string; start: string; end: string; room: string; description: string; price?: string }

export const CARD_EVENTS: DemoEvent[] = [
  { days: 2, title: 'Family Movie Night: The Iron Giant', start: '18:30', end: '20:30', room: 'Main Hall', description: 'Bring a blanket; popcorn is on us. Rated PG.' },
  { days: 5, title: 'Toddler Music & Movement', start: '10:00', end: '10:45', room: 'Studio B', description: 'Songs, shakers and dancing for ages 1 to 3 with a grown-up.' },
  { days: 9, title: 'Community Garden Workday', start: '09:00', end: '12:00', room: 'Community Garden', description: 'Planting and mulching; gloves and tools provided. All ages.' },
  { days: 12, title: 'Lego Build Club (ages 6–12)', start: '15:30', end: '17:00', room: 'Makerspace', description: 'This month: bridges that hold a brick of weight.' },
]

export const JSON_LD_EVENTS: DemoEvent[] = [
  { days: 7, title: 'Junior Science Workshop: Volcanoes', start: '13:00', end: '15:00', room: 'Makerspace', description: 'Build and erupt a baking-soda volcano. Ages 7 to 11.', price: '12.00' },
  {
    days: 15,
    title: 'Art Camp: Paint, Print & Clay (ages 7–11)',
    start: '09:00',
    end: '15:00',
    room: 'Studio A',
    description: 'A day of painting, printmaking and clay. Bring a packed lunch.',
    price: '45.00',
  },
  { days: 25, title: 'Teen Coding Workshop', start: '16:00', end: '18:00', room: 'Computer Lab', description: 'Make a small game in JavaScript. Ages 13 to 17, laptops provided.', price: '0' },
]

export const FEED_SINGLE: DemoEvent = { days: 4, title: 'Family Swim Night', start: '18:00', end: '19:30', room: 'Pool', description: 'Open swim for families; lifeguards on duty.' }
/** The weekly series of the feed: every Tuesday, 10:30 to 11:15. */
export const FEED_SERIES = { title: 'Storytime at the Centre', weekday: 2, start: '10:30', end: '11:15', room: 'Library Corner', description: 'Picture books, rhymes and a craft for ages 2 to 5.' }

/** Today's date (YYYY-MM-DD) in the demo zone. */
export function demoToday(nowMs: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: DEMO_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(nowMs))
}

/** The calendar date `days` after `date` (both YYYY-MM-DD). */
export function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** The zone's UTC offset (`-07:00`) at noon of a local day: the demo's events are all in the daytime. */
export function demoOffset(date: string): string {
  const noonUtc = new Date(`${date}T12:00:00Z`)
  const name = new Intl.DateTimeFormat('en-US', { timeZone: DEMO_ZONE, timeZoneName: 'longOffset' }).formatToParts(noonUtc).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT'
  const m = /GMT([+-]\d{2}):?(\d{2})?/.exec(name)
  return m ? `${m[1]}:${m[2] ?? '00'}` : '+00:00'
}

/** "Saturday, June 7, 2026", as a person writes a day on a page. */
export function longDay(date: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(`${date}T12:00:00Z`))
}

/** "6:30 PM" from "18:30". */
export function clock(time: string): string {
  const [h, m] = time.split(':').map(Number)
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`
}

/** The first date on or before `date` that falls on `weekday` (0 = Sunday). */
export function weekdayOnOrBefore(date: string, weekday: number): string {
  const d = new Date(`${date}T12:00:00Z`)
  return plusDays(date, -((d.getUTCDay() - weekday + 7) % 7))
}
