import { CARD_EVENTS, clock, DEMO_ORG, DEMO_ZONE, demoOffset, demoToday, FEED_SERIES, FEED_SINGLE, JSON_LD_EVENTS, longDay, plusDays, weekdayOnOrBefore, type DemoEvent } from './demo-calendar'

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
const address = `${DEMO_ORG.street}, ${DEMO_ORG.city}, ${DEMO_ORG.region} ${DEMO_ORG.postalCode}`

function layout(title: string, main: string, head = ''): string {
  return `<!DOCTYPE html>
<html lang="en-US">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)} | ${DEMO_ORG.name}</title>
<link rel="alternate" type="text/calendar" title="${DEMO_ORG.name} events (iCalendar)" href="/calendar.ics">
${head}</head>
<body>
<header class="site-header">
  <a class="site-logo" href="/">${DEMO_ORG.name}</a>
  <nav class="main-nav"><ul>
    <li><a href="/">Home</a></li>
    <li><a href="/events">Events</a></li>
    <li><a href="/camps">Camps &amp; Workshops</a></li>
    <li><a href="/calendar.ics">Subscribe to our calendar</a></li>
  </ul></nav>
</header>
<main class="content">
${main}
</main>
<footer class="site-footer">
  <p>${DEMO_ORG.name} &middot; ${escape(address)} &middot; ${DEMO_ORG.phone}</p>
  <p>This is the built-in demo site of event-index dev: its dates move with today, and it needs no network.</p>
</footer>
</body>
</html>
`
}

export function homePage(): string {
  return layout(
    'Home',
    `<h1>Welcome to ${DEMO_ORG.name}</h1>
<p>A place for families in ${DEMO_ORG.city}: a pool, a makerspace, a community garden and a busy calendar.</p>
<p>See <a href="/events">upcoming events</a>, <a href="/camps">camps and workshops</a>, or subscribe to <a href="/calendar.ics">our calendar feed</a>.</p>`,
  )
}

/** Plain cards, no structured data: read by the general reader from the visible text. */
export function eventsPage(nowMs: number): string {
  const today = demoToday(nowMs)
  const cards = CARD_EVENTS.map((e) => {
    const day = plusDays(today, e.days)
    return `  <article class="event-card">
    <h2 class="event-title">${escape(e.title)}</h2>
    <p class="event-date">${longDay(day)}</p>
    <p class="event-time">${clock(e.start)} – ${clock(e.end)}</p>
    <p class="event-place">${escape(e.room)}, ${DEMO_ORG.name}, ${escape(address)}</p>
    <p class="event-summary">${escape(e.description)}</p>
  </article>`
  }).join('\n')
  return layout('Upcoming events', `<h1>Upcoming events</h1>\n<div class="event-list">\n${cards}\n</div>`)
}

function jsonLdEvent(e: DemoEvent, today: string) {
  const day = plusDays(today, e.days)
  const offset = demoOffset(day)
  return {
    '@type': 'Event',
    name: e.title,
    description: e.description,
    startDate: `${day}T${e.start}:00${offset}`,
    endDate: `${day}T${e.end}:00${offset}`,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: {
      '@type': 'Place',
      name: `${e.room}, ${DEMO_ORG.name}`,
      address: {
        '@type': 'PostalAddress',
        streetAddress: DEMO_ORG.street,
        addressLocality: DEMO_ORG.city,
        addressRegion: DEMO_ORG.region,
        postalCode: DEMO_ORG.postalCode,
        addressCountry: DEMO_ORG.country,
      },
    },
    offers: { '@type': 'Offer', price: e.price ?? '0', priceCurrency: 'USD' },
    organizer: { '@type': 'Organization', name: DEMO_ORG.name },
  }
}

/** The same kind of listing with JSON-LD (schema.org Event) beside the visible text, which agrees with it. */
export function campsPage(nowMs: number): string {
  const today = demoToday(nowMs)
  const graph = { '@context': 'https://schema.org', '@graph': JSON_LD_EVENTS.map((e) => jsonLdEvent(e, today)) }
  const items = JSON_LD_EVENTS.map((e) => {
    const day = plusDays(today, e.days)
    return `  <li class="camp"><h2>${escape(e.title)}</h2><p>${longDay(day)}, ${clock(e.start)} – ${clock(e.end)} · ${escape(e.room)}</p><p>${escape(e.description)}</p></li>`
  }).join('\n')
  const head = `<script type="application/ld+json">${JSON.stringify(graph).replace(/</g, '\\u003c')}</script>\n`
  return layout('Camps & Workshops', `<h1>Camps &amp; Workshops</h1>\n<ul class="camps">\n${items}\n</ul>`, head)
}

const icsText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\n/g, '\\n')
const icsLocal = (date: string, time: string) => `${date.replace(/-/g, '')}T${time.replace(':', '')}00`

/** The iCalendar feed: a weekly series (RRULE) that began two weeks ago, and one single event. */
export function calendarFeed(nowMs: number): string {
  const today = demoToday(nowMs)
  const stamp = `${new Date(nowMs).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`
  const first = weekdayOnOrBefore(plusDays(today, -14), FEED_SERIES.weekday)
  const single = plusDays(today, FEED_SINGLE.days)
  const location = icsText(`${DEMO_ORG.name}, ${address}`)
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//event-index//demo site//EN',
    `X-WR-CALNAME:${icsText(DEMO_ORG.name)}`,
    `X-WR-TIMEZONE:${DEMO_ZONE}`,
    'BEGIN:VEVENT',
    'UID:storytime@riverside-community-centre.demo',
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=${DEMO_ZONE}:${icsLocal(first, FEED_SERIES.start)}`,
    `DTEND;TZID=${DEMO_ZONE}:${icsLocal(first, FEED_SERIES.end)}`,
    'RRULE:FREQ=WEEKLY;BYDAY=TU',
    `SUMMARY:${icsText(FEED_SERIES.title)}`,
    `DESCRIPTION:${icsText(FEED_SERIES.description)}`,
    `LOCATION:${icsText(FEED_SERIES.room)}\\, ${location}`,
    'CATEGORIES:Kids,Family',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:swim-night@riverside-community-centre.demo',
    `DTSTAMP:${stamp}`,
    `DTSTART;TZID=${DEMO_ZONE}:${icsLocal(single, FEED_SINGLE.start)}`,
    `DTEND;TZID=${DEMO_ZONE}:${icsLocal(single, FEED_SINGLE.end)}`,
    `SUMMARY:${icsText(FEED_SINGLE.title)}`,
    `DESCRIPTION:${icsText(FEED_SINGLE.description)}`,
    `LOCATION:${icsText(FEED_SINGLE.room)}\\, ${location}`,
    'CATEGORIES:Family',
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return `${lines.join('\r\n')}\r\n`
}

export const ROBOTS_TXT = 'User-agent: *\nAllow: /\n'

export function notFoundPage(): string {
  return layout('Page not found', '<h1>Page not found</h1><p>Try the <a href="/events">events page</a>.</p>')
}
