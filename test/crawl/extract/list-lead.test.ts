// Pins a list of dates whose time is said once before it (list-lead.ts): "… meets at 7:00 p.m. … on the
// following dates:" over a list of days, or the days after the colon of the sentence that gives the time,
// in English and Spanish; the days take that time and the section's name. A paragraph between the lead
// and the list, or a lead with a day of its own, gives no time. In a list of days "13 de enero, 10 de
// febrero" the next day is no two-digit year (date-locale.ts).
import { describe, expect, it } from 'bun:test'
import { extractDocument } from '../../../src/crawl/extract'
import { DateReader } from '../../../src/crawl/extract/prose-dates'
import { normalizeCandidates } from '../../../src/crawl/normalize'

function events(body: string, lang = 'en', timezone = 'America/New_York'): string[] {
  const html = `<!DOCTYPE html><html lang="${lang}"><body><main><h1>Boards</h1>${body}</main></body></html>`
  const c = { baseUrl: 'https://town.example.org/', timezone, window: { start: '2027-01-01', end: '2027-06-30' } }
  return normalizeCandidates(extractDocument(new TextEncoder().encode(html), c).candidates, c).events.map((e) => `${e.startDate} ${e.title}`)
}

describe('a time said once for a list of days', () => {
  it('is given to every day of the list under its lead', () => {
    const body =
      '<h2>Planning Commission</h2><p>The Commission meets at 7:00 p.m. in the Council Chambers on the following dates:</p><ul><li>January 12, 2027</li><li>February 9, 2027</li><li>March 9, 2027</li></ul>'
    expect(events(body)).toEqual(['2027-01-12T19:00:00-05:00 Planning Commission', '2027-02-09T19:00:00-05:00 Planning Commission', '2027-03-09T19:00:00-05:00 Planning Commission'])
  })

  it('is given to the days after the colon of its own sentence', () => {
    expect(events('<h2>Board of Zoning Appeals</h2><p>The Board meets at 5:30 p.m. on the following dates in 2027: Jan. 20, Apr. 21 and Jun. 16.</p>')).toEqual([
      '2027-01-20T17:30:00-05:00 Board of Zoning Appeals',
      '2027-04-21T17:30:00-04:00 Board of Zoning Appeals',
      '2027-06-16T17:30:00-04:00 Board of Zoning Appeals',
    ])
    expect(events('<h2>Junta Directiva</h2><p>La Junta se reúne a las 19:30 h en las siguientes fechas: 13 de enero, 10 de febrero y 9 de junio de 2027.</p>', 'es', 'Europe/Madrid')).toEqual([
      '2027-01-13T19:30:00+01:00 Junta Directiva',
      '2027-02-10T19:30:00+01:00 Junta Directiva',
      '2027-06-09T19:30:00+02:00 Junta Directiva',
    ])
  })

  it('is not given past another paragraph, nor by a lead that has a day', () => {
    const apart = '<h2>Library Board</h2><p>The Board meets at 6:00 p.m. on the following dates:</p><p>Agendas are posted in advance.</p><ul><li>January 19, 2027</li><li>February 16, 2027</li></ul>'
    expect(events(apart)).toEqual(['2027-01-19 Library Board', '2027-02-16 Library Board'])
    const dated = '<h2>Library Board</h2><p>Next meeting: January 5, 2027 at 6:00 p.m. Later dates:</p><ul><li>January 19, 2027</li><li>February 16, 2027</li></ul>'
    expect(events(dated)).not.toContain('2027-01-19T18:00:00-05:00 Library Board')
  })

  it('is given to <br> lines under a lead that names weekdays, which is then no weekly rule', () => {
    const body = '<p><strong>2027 Meeting Schedule</strong><br>All meetings are held at 6:30 p.m. in the Community Room on the following Mondays:<br>January 11<br>February 8<br>March 8</p>'
    expect(events(body, 'en', 'America/Chicago')).toEqual(['2027-01-11T18:30:00-06:00 Boards', '2027-02-08T18:30:00-06:00 Boards', '2027-03-08T18:30:00-06:00 Boards'])
  })

  it('is read in French and German, with a weekday before each day', () => {
    const fr = '<h2>Conseil municipal</h2><p>Le conseil se réunit à 20h30 aux dates suivantes :</p><ul><li>jeudi 14 janvier 2027</li><li>jeudi 11 février 2027</li></ul>'
    expect(events(fr, 'fr', 'Europe/Paris')).toEqual(['2027-01-14T20:30:00+01:00 Conseil municipal', '2027-02-11T20:30:00+01:00 Conseil municipal'])
    const de = '<h2>Gemeinderat</h2><p>Die Sitzungen beginnen jeweils um 19:00 Uhr im Ratssaal. Sitzungstermine 2027:</p><ul><li>Dienstag, 19. Januar</li><li>Dienstag, 16. Februar</li></ul>'
    expect(events(de, 'de', 'Europe/Berlin')).toEqual(['2027-01-19T19:00:00+01:00 Gemeinderat', '2027-02-16T19:00:00+01:00 Gemeinderat'])
  })

  it('is said by a sentence about meetings over a table, or by a heading, whose time leaves its name', () => {
    const body =
      '<h2>Board of Trustees</h2><p>All regular meetings begin at 7:00 p.m. in the Meeting Room unless otherwise noted.</p><table><thead><tr><th>Date</th><th>Agenda</th></tr></thead>' +
      '<tbody><tr><td>January 12, 2027</td><td><a href="/a1.pdf">Agenda</a></td></tr><tr><td>February 9, 2027</td><td></td></tr></tbody></table>' +
      '<h2>Finance Committee — 5:30 p.m.</h2><ul><li>January 5, 2027</li><li>April 6, 2027</li></ul>'
    expect(events(body)).toEqual([
      '2027-01-05T17:30:00-05:00 Finance Committee',
      '2027-01-12T19:00:00-05:00 Board of Trustees',
      '2027-02-09T19:00:00-05:00 Board of Trustees',
      '2027-04-06T17:30:00-04:00 Finance Committee',
    ])
  })

  it('is given by a monthly rule beside the list, whose own days give way to the list (a moved meeting)', () => {
    const body =
      '<h2>Board of Education</h2><p>Regular meetings of the Board of Education are held on the second Monday of each month at 6:00 p.m. in the District Office Board Room.</p>' +
      '<h3>2027</h3><p>January 11, February 8, March 15, April 12</p>'
    expect(events(body, 'en', 'America/Chicago')).toEqual([
      '2027-01-11T18:00:00-06:00 Board of Education',
      '2027-02-08T18:00:00-06:00 Board of Education',
      '2027-03-15T18:00:00-05:00 Board of Education',
      '2027-04-12T18:00:00-05:00 Board of Education',
    ])
  })

  it('folds a monthly rule into a list of bare days of the same board, not into another body’s', () => {
    const board =
      '<h2>Library Board</h2><p>The Library Board meets on the third Thursday of each month at 5:30 p.m.</p><h3>2027 Meeting Dates</h3><ul><li>January 21</li><li>February 18</li><li>March 25</li></ul>'
    expect(events(board, 'en', 'America/Chicago')).toEqual(['2027-01-21T17:30:00-06:00 Library Board', '2027-02-18T17:30:00-06:00 Library Board', '2027-03-25T17:30:00-05:00 Library Board'])
    const other =
      '<div class="c"><h3>Book Club</h3><p>Third Thursday of the month, 7 pm</p></div><div class="c"><h3>Chess</h3><p>Every Friday, 4 pm</p></div><h2>Closures</h2><p>January 21, February 18</p>'
    expect(events(other, 'en', 'America/Chicago').filter((e) => e.includes('Book Club') && e < '2027-03')).toEqual(['2027-01-21T19:00:00-06:00 Book Club', '2027-02-18T19:00:00-06:00 Book Club'])
  })

  it('keeps the days of a Spanish or German list apart', () => {
    const days = (t: string, locale: 'es' | 'de' | 'pt') => new DateReader(locale).raw(t).map((m) => [m.start.year ?? '', m.start.month, m.start.day].join('-'))
    expect(days('13 de enero, 10 de febrero y 9 de junio de 2027', 'es')).toEqual(['-1-13', '-2-10', '2027-6-9'])
    expect(days('am 13. Januar, 10. Februar und 14. April 2027', 'de')).toEqual(['-1-13', '-2-10', '2027-4-14'])
    expect(days('Montag, 21. März, 19 Uhr', 'de')).toHaveLength(1)
  })
})
