// Pins single event pages without markup (detail-page.ts): label–value pairs ("Date:", "Time:",
// "Location:", and their translations) on one line or in separate elements, <dl> lists, the title from
// the h1 or else og:title without the site name, the venue's name above its address, deadlines that are
// not the event's day, and a dated paragraph under its own heading on a page that lists other things.
import { describe, expect, it } from 'bun:test'
import type { ExtractContext } from '../../../src/crawl/candidate-types'
import { runBytes } from '../../helpers/extract'

const ctx: ExtractContext = { baseUrl: 'https://museum.example.org/events/quilts', timezone: 'America/Los_Angeles', window: { start: '2026-05-01', end: '2026-05-31' } }
const one = (html: string, c = ctx) =>
  runBytes(html, c).events.map((e) => ({ title: e.title, start: e.startDate, end: e.endDate, venue: e.venue?.name, address: e.venue?.address ?? e.address, url: e.url }))

describe('event pages', () => {
  it('reads label and value in separate elements under the h1', () => {
    const html = `<html lang="en"><body><nav><a href="/">Home</a></nav><h1>Quilt Turning</h1>
      <div class="field"><div class="label">Date</div><div>Saturday, May 16, 2026</div></div>
      <div class="field"><div class="label">Time</div><div>1:00 p.m. – 3:00 p.m.</div></div>
      <div class="field"><div class="label">Location</div><div><p>Heritage Hall<br>221 Harbor Street, Port Ellery, WA 98368</p></div></div>
      <p>Posted April 20, 2026</p></body></html>`
    expect(one(html)).toEqual([
      {
        title: 'Quilt Turning',
        start: '2026-05-16T13:00:00-07:00',
        end: '2026-05-16T15:00:00-07:00',
        venue: 'Heritage Hall',
        address: '221 Harbor Street, Port Ellery, WA 98368',
        url: 'https://museum.example.org/events/quilts',
      },
    ])
  })

  it('reads a <dl> in German, skips the registration deadline, and titles the page from og:title when it has no h1', () => {
    const html = `<html lang="de"><head><meta property="og:title" content="Smartphone-Fotografie | VHS Mariatrost"><meta property="og:site_name" content="VHS Mariatrost"></head><body>
      <dl><dt>Termin</dt><dd>Mittwoch, 14. Oktober 2026</dd><dt>Uhrzeit</dt><dd>18:00 – 20:30 Uhr</dd><dt>Ort</dt><dd>VHS-Haus, Raum 2.04<br>Mariatroster Straße 101, 8043 Graz</dd>
      <dt>Anmeldeschluss</dt><dd>7. Oktober 2026</dd></dl></body></html>`
    const vienna: ExtractContext = { baseUrl: 'https://vhs.example.at/kurs/k-2604', timezone: 'Europe/Vienna', window: { start: '2026-10-01', end: '2026-10-31' } }
    expect(one(html, vienna)).toEqual([
      {
        title: 'Smartphone-Fotografie',
        start: '2026-10-14T18:00:00+02:00',
        end: '2026-10-14T20:30:00+02:00',
        venue: 'VHS-Haus, Raum 2.04',
        address: 'Mariatroster Straße 101, 8043 Graz',
        url: 'https://vhs.example.at/kurs/k-2604',
      },
    ])
  })

  it('reads "Label: value" lines in Portuguese', () => {
    const html = `<html><head><meta property="og:locale" content="pt_BR"></head><body><h1>Roda de Choro</h1><p><strong>Data:</strong> 15 de agosto de 2026 (sábado)<br><strong>Horário:</strong> 19h às 21h<br><strong>Local:</strong> Teatro de Arena, Rua das Acácias 250 – Vila Mariana, São Paulo<br><strong>Entrada:</strong> gratuita (retirar ingressos 1h antes)</p></body></html>`
    const sp: ExtractContext = { baseUrl: 'https://casa.example.org.br/roda', timezone: 'America/Sao_Paulo', window: { start: '2026-08-01', end: '2026-08-31' } }
    expect(one(html, sp)).toMatchObject([{ title: 'Roda de Choro', start: '2026-08-15T19:00:00-03:00', end: '2026-08-15T21:00:00-03:00', address: 'Rua das Acácias 250 – Vila Mariana, São Paulo' }])
  })

  it('titles a dated paragraph by the heading right above it on a page that lists other things', () => {
    const html = `<html lang="en"><body><h1>Board of Directors</h1><h2>Upcoming Board Meetings</h2><ul><li>Tuesday, May 12, 2026 – 6:00 PM</li><li>Tuesday, June 9, 2026 – 6:00 PM</li></ul><h3>Finance Committee</h3><p>Thursday, May 21, 2026 at 5 p.m., District office</p></body></html>`
    expect(one(html).map((e) => [e.title, e.start])).toEqual([
      ['Upcoming Board Meetings', '2026-05-12T18:00:00-07:00'],
      ['Finance Committee', '2026-05-21T17:00:00-07:00'],
    ])
  })
})
