// Pins a place named in lower case in a sentence ("… from 9 a.m. to 4 p.m. in the lower level meeting room",
// "in the fellowship hall", "in the parish hall"): a name that ends with a room's or hall's word is the place,
// as a capitalised name ("in the Community Room") already was; "in the morning" is none.
import { describe, expect, it } from 'bun:test'
import { pageEvents } from '../../helpers/extract'

const place = (sentence: string) =>
  pageEvents(`<article><h1>News</h1><p>${sentence}</p><p>Author Maria Lopez will discuss her new novel on Tuesday, December 15, at 7 p.m. in the Community Room.</p></article>`, {
    lang: 'en-US',
    timezone: 'America/Chicago',
    window: { start: '2026-11-25', end: '2026-12-31' },
    baseUrl: 'https://www.parish.example/news/',
  })[0]?.venue?.name

describe('a place in lower case in a sentence', () => {
  it('is the place when it ends with a room or hall', () => {
    expect(place('The Friends of the Library will hold their annual book sale on Saturday, December 5, from 9 a.m. to 4 p.m. in the lower level meeting room.')).toBe('lower level meeting room')
    expect(place('Our Christmas Bazaar is Saturday, December 5, 9 a.m. – 2 p.m. in the fellowship hall. Lunch is served.')).toBe('fellowship hall')
  })

  it('is no place when it names no room ("in the morning")', () => {
    expect(place('Coffee hour follows the service on Sunday, December 6, at 11 a.m. in the morning.')).toBeUndefined()
  })

  it('titles an invitation by what it is for ("Join us … at the Riverside Branch for a holiday craft.")', () => {
    const titles = (sentence: string) =>
      pageEvents(`<article><h1>News</h1><p>${sentence}</p><p>Author Maria Lopez will discuss her new novel on Tuesday, December 15, at 7 p.m.</p></article>`, {
        lang: 'en-US',
        timezone: 'America/Chicago',
        window: { start: '2026-11-25', end: '2026-12-31' },
        baseUrl: 'https://www.library.example/news/',
      }).map((e) => [e.title, e.venue?.name])
    expect(titles('Join us Saturday, December 5 at 2 p.m. at the Riverside Branch for a holiday craft.')[0]).toEqual(['Holiday craft', 'Riverside Branch'])
    expect(titles('Join us Saturday, December 5 at 2 p.m. for a Gingerbread Workshop!')[0]).toEqual(['Gingerbread Workshop', undefined])
  })
})
