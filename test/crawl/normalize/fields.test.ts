// Pins the normalizer's field rules (spec Event table, issue 4): text cleaned (entities, double
// encoding, markup, paragraphs as lines), one-line address and city, offers/cost/free, status names from
// the source or the title, attendance and online detection, RSVP/public phrases only when said, family
// and adults-only taxonomy (the audience table itself: audience.test.ts), absolute URLs and the registrable-domain test.
import { describe, expect, it } from 'bun:test'
import { audienceTags } from '../../../src/crawl/normalize/audience'
import { categorize } from '../../../src/crawl/normalize/categories'
import { isOnline, openToPublic, rsvpRequired } from '../../../src/crawl/normalize/flags'
import { costText, isFree, normalizeOffers, priceFromText } from '../../../src/crawl/normalize/offers'
import { normalizePlace } from '../../../src/crawl/normalize/place'
import { attendanceModeName, availabilityName, eventStatusName, statusFromTitle } from '../../../src/crawl/normalize/status'
import { cleanDescription, cleanLine, decodeEntities } from '../../../src/crawl/shared/text'
import { absolute, isMeetingLink, onDomain, registrableDomain } from '../../../src/crawl/shared/urls'
import type { Candidate } from '../../../src/crawl/candidate-types'

const c = (fields: Partial<Candidate>): Candidate => ({ source: { url: 'https://lib.example.org/events', format: 'html', method: 'test' }, ...fields })

describe('text', () => {
  it('decodes entities, also double-encoded ones, and strips markup', () => {
    expect(decodeEntities('Rock &amp;amp; Roll &#8211; Live')).toBe('Rock & Roll – Live')
    expect(cleanLine('  <b>Teen</b>&nbsp;Art   &amp; Zine\nNight ')).toBe('Teen Art & Zine Night')
    expect(cleanLine('   ')).toBeUndefined()
  })

  it('keeps paragraphs as lines in descriptions and collects links', () => {
    const d = cleanDescription('<p>First  paragraph.</p>\n<p>Second <a href="/register">Register</a></p><ul><li>One</li><li>Two</li></ul><script>x()</script>')
    expect(d.text).toBe('First paragraph.\nSecond Register\nOne\nTwo')
    expect(d.links).toEqual([{ href: '/register', text: 'Register' }])
    expect(cleanDescription('Plain\r\n\r\n  text\twith   gaps').text).toBe('Plain\ntext with gaps')
    expect(cleanDescription('&lt;p&gt;Escaped &amp;amp; markup&lt;/p&gt;&lt;p&gt;Two&lt;/p&gt;').text).toBe('Escaped & markup\nTwo')
  })
})

describe('place', () => {
  it('writes one address line and the city from PostalAddress parts', () => {
    expect(normalizePlace({ name: 'Hi-Dive', street: '7 S. Broadway', city: 'Denver', region: 'CO', postalCode: '80209', country: 'US' })).toEqual({
      venue: { name: 'Hi-Dive', address: '7 S. Broadway, Denver, CO 80209, US', latitude: null, longitude: null },
      address: '7 S. Broadway, Denver, CO 80209, US',
      city: 'Denver',
    })
  })

  it('takes the city only from a locality field of its own (the address is read document-wide, event-city.ts)', () => {
    expect(normalizePlace({ address: '79 Washington St., Providence, RI' })).toEqual({
      venue: { name: null, address: '79 Washington St., Providence, RI', latitude: null, longitude: null },
      address: '79 Washington St., Providence, RI',
    })
  })

  it('keeps coordinates only as a valid pair', () => {
    expect(normalizePlace({ latitude: 95, longitude: 10 }).venue).toBeUndefined()
    expect(normalizePlace({ name: 'Park', latitude: 40.1, longitude: -105.2 }).venue).toEqual({ name: 'Park', address: null, latitude: 40.1, longitude: -105.2 })
  })
})

describe('offers, cost and free admission', () => {
  it('reads prices written as text', () => {
    expect([priceFromText('$35'), priceFromText('13.00'), priceFromText('€ 12,50'), priceFromText('Free'), priceFromText('$1,200'), priceFromText('TBA')]).toEqual([35, 13, 12.5, 0, 1200, undefined])
  })

  it('writes complete offers only from a stated price or URL', () => {
    const offers = normalizeOffers(
      c({ offers: [{ price: 5, priceCurrency: 'usd' }, { name: 'VIP', priceText: '£20', url: '/vip', availability: 'https://schema.org/SoldOut' }, { name: 'Nothing' }] }),
      'https://lib.example.org/e/1',
      'https://lib.example.org/e/1',
    )
    expect(offers).toEqual([
      { name: 'Admission', price: 5, priceCurrency: 'USD', availability: 'InStock', url: 'https://lib.example.org/e/1' },
      { name: 'VIP', price: 20, priceCurrency: 'GBP', availability: 'SoldOut', url: 'https://lib.example.org/vip' },
    ])
    expect(costText(c({}), offers)).toBe('5–20')
    expect(isFree(c({}), offers, undefined)).toBe(false)
  })

  it('calls an event free from the flag, zero prices or a "Free" cost, and only then', () => {
    expect(isFree(c({ isAccessibleForFree: false }), [], 'Free')).toBe(false)
    expect(isFree(c({}), [], 'Free with library card')).toBe(true)
    expect(isFree(c({}), [], 'Free for members, $5 guests')).toBeUndefined()
    expect(isFree(c({}), [], '$10')).toBe(false)
    expect(isFree(c({}), [], undefined)).toBeUndefined()
  })

  it('reads "free" in the cost in the seven languages we read, and a price after its amount (issue 18)', () => {
    for (const cost of ['Gratuit', 'Entrée libre', 'Eintritt frei', 'Kostenlos', 'Entrada libre', 'Entrada gratuita', 'Ingresso libero', 'Gratis', 'Toegang gratis', 'Grátis', 'Entrada franca'])
      expect([cost, isFree(c({}), [], cost)]).toEqual([cost, true])
    expect(isFree(c({}), [], 'Gratuit pour les adhérents, 5 € sinon')).toBeUndefined()
    expect(isFree(c({}), [], 'Freiwillige Spende')).toBeUndefined()
    expect(isFree(c({}), [], '12 €')).toBe(false)
    expect(isFree(c({}), [{ name: 'Admission', price: 0, priceCurrency: 'EUR', availability: 'InStock', url: 'https://x.example/e' }], undefined)).toBe(true)
    expect([priceFromText('Gratuit'), priceFromText('Entrada libre')]).toEqual([0, 0])
  })
})

describe('status and attendance', () => {
  it('maps source values to schema.org names', () => {
    expect([eventStatusName('https://schema.org/EventCancelled'), eventStatusName('cancelled'), eventStatusName('EventRescheduled'), eventStatusName('tentative'), eventStatusName('bogus')]).toEqual([
      'EventCancelled',
      'EventCancelled',
      'EventRescheduled',
      'EventScheduled',
      undefined,
    ])
    expect([attendanceModeName('http://schema.org/MixedEventAttendanceMode'), attendanceModeName('virtual'), availabilityName('http://schema.org/InStock'), availabilityName('SoldOut')]).toEqual([
      'MixedEventAttendanceMode',
      'OnlineEventAttendanceMode',
      'InStock',
      'SoldOut',
    ])
  })

  it('reads the status a title announces, any case', () => {
    expect([
      statusFromTitle('CANCELLED: Storytime'),
      statusFromTitle('Canceled - Book Club'),
      statusFromTitle('Concert (postponed)'),
      statusFromTitle('RESCHEDULED to June 9'),
      statusFromTitle('Storytime'),
    ]).toEqual(['EventCancelled', 'EventCancelled', 'EventPostponed', 'EventRescheduled', undefined])
  })

  it('detects online events from the mode, the status or meeting links', () => {
    expect(isOnline(c({}), 'OnlineEventAttendanceMode', undefined, [], '')).toBe(true)
    expect(isOnline(c({}), undefined, 'EventMovedOnline', [], '')).toBe(true)
    expect(isOnline(c({}), undefined, undefined, ['https://us02web.zoom.us/j/123'], '')).toBe(true)
    expect(isOnline(c({ place: { name: 'Join at meet.google.com/abc-defg-hij' } }), undefined, undefined, [], '')).toBe(true)
    expect(isOnline(c({}), 'OfflineEventAttendanceMode', undefined, [], '')).toBe(false)
    expect(isOnline(c({}), undefined, undefined, [], 'In the library')).toBeUndefined()
    expect([isMeetingLink('https://teams.microsoft.com/l/meetup-join/x'), isMeetingLink('https://zoo.example.org')]).toEqual([true, false])
  })

  it('sets rsvp_required and open_to_public only when the text says so', () => {
    expect([
      rsvpRequired(c({}), 'Registration required.'),
      rsvpRequired(c({}), 'No registration required'),
      rsvpRequired(c({}), 'Drop-in program'),
      rsvpRequired(c({}), 'Please RSVP by June 1'),
      rsvpRequired(c({}), 'Fun for all'),
    ]).toEqual([true, false, false, true, undefined])
    expect([
      openToPublic(c({}), 'Free and open to the public'),
      openToPublic(c({}), 'Members only'),
      openToPublic(c({}), 'A concert'),
      openToPublic(c({ openToPublic: true }), 'Members only'),
    ]).toEqual([true, false, undefined, true])
  })
})

describe('categories', () => {
  it('cleans source categories to lower case and dedupes them, then adds family tags (issue 15: no Kids beside kids)', () => {
    expect(categorize({ title: 'Toddler Storytime', categories: ['Kids &amp; Family', 'kids & family', ' Storytime ', ''] })).toEqual({
      categories: ['kids & family', 'storytime', 'kids', 'family'],
      category: 'kids & family',
    })
    expect(categorize({ title: 'Storytime at the Centre', categories: ['Kids', 'Family'] })).toEqual({ categories: ['kids', 'family', 'storytime'], category: 'kids' })
  })

  it('flags family-oriented events from words, most specific first', () => {
    expect(audienceTags({ title: 'Baby Lapsit' })).toEqual(['storytime', 'kids', 'family'])
    expect(audienceTags({ title: 'Teen Anime Club' })).toEqual(['teens'])
    expect(audienceTags({ title: 'LEGO Club', description: 'For kids ages 6-12.' })).toEqual(['kids', 'family'])
    expect(audienceTags({ title: 'Family Movie Night' })).toEqual(['family'])
    expect(audienceTags({ title: 'Book Club', description: 'Our members discuss a novel; children of members sometimes attend.' })).toEqual([])
    expect(audienceTags({ title: 'Wine & Paint for Kids at Heart', description: 'Adults only, 21+.' })).toEqual(['adults'])
  })

  it('chooses the most specific tag as category when the source has none', () => {
    expect(categorize({ title: 'Preschool Story Time' })).toEqual({ categories: ['storytime', 'kids', 'family'], category: 'storytime' })
    expect(categorize({ title: 'Knitting Circle' })).toEqual({ categories: [], category: undefined })
  })
})

describe('urls', () => {
  it('makes links absolute, http(s) only, and reads scheme-less hosts as hosts', () => {
    expect(absolute('/e/1', 'https://lib.example.org/events/')).toBe('https://lib.example.org/e/1')
    expect(absolute('ticketmaster.com/foo/may20', 'https://band.example.com/')).toBe('https://ticketmaster.com/foo/may20')
    expect(absolute('game3.html', 'https://band.example.com/tour/')).toBe('https://band.example.com/tour/game3.html')
    expect(absolute('webcal://lib.example.org/cal.ics', 'https://x.org')).toBe('https://lib.example.org/cal.ics')
    expect([absolute('mailto:a@b.c', 'https://x.org'), absolute('javascript:void(0)', 'https://x.org'), absolute('', 'https://x.org')]).toEqual([undefined, undefined, undefined])
  })

  it('judges domains by their registrable domain', () => {
    expect(registrableDomain('https://events.library.example.co.uk/x')).toBe('example.co.uk')
    expect(onDomain('https://calendar.springfield.gov/e/1', 'springfield.gov')).toBe(true)
    expect(onDomain('https://www.eventbrite.com/e/1', 'springfield.gov')).toBe(false)
  })
})

describe('audience tags read across the parts of an event', () => {
  it('an adults-only age written across the title and the description ("21" then "+") marks the event for adults, not kids', () => {
    expect(audienceTags({ title: 'Trivia for kids 21', description: '+Bring friends' })).toEqual(['adults'])
    expect(audienceTags({ title: 'Trivia for kids', audience: 'ages 18 ', description: '  +more' })).toEqual(['adults'])
    expect(audienceTags({ title: 'Kids craft', description: 'For adults only' })).toEqual(['adults'])
    expect(audienceTags({ title: 'Kids craft', description: 'Bring friends' })).toEqual(['kids', 'family'])
  })
})
