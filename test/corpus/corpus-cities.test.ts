// Pins issue 18's first "done when": at least 90% of the events extracted from the shared corpus of real
// calendar documents (../shared/corpus/pages/, read in place) whose document names a place carry `city`,
// and every city carried is the right one.
//
// "The document names a place" for an event, read by hand for each of the 26 documents (the table below):
//  - the event's own place fields (venue name, venue address, address) mention a town — in a postal
//    address ("854 N Harvard Ave Lindsay, CA 93247"), after a street ("Broerstraat 5, Groningen") or in the
//    venue's name ("SURF-kantoor Utrecht", "DANS, Den Haag"); or
//  - the document states the organization's own postal address (a page footer or contact block such as
//    "1400 W. Lacey Blvd Hanford CA 93230"), which places every event of it that is not online only.
// Not counted: events that happen only online (the source says so, or their only place is "Online", "via
// Zoom", "Virtual"), and events of documents that name no town for them: a room alone ("Theater Room",
// "Room 646 of the City-County Building"), a branch named after a road, a town mentioned only in a free-text
// description, or no place at all (platform JSON without locations).
// A carried city is right when it is one of the towns the event's own place fields mention, or, when they
// mention none, the organization's town; no event of any document may carry a city that document never names.
import { describe, expect, it } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Event } from '../../src/model/event'
import { CORPUS } from '../helpers/corpus'
import { loadPageCases, runPageCase } from '../helpers/page-cases'

const DIR = join(CORPUS, 'pages')
if (!existsSync(join(DIR, 'cases.json'))) throw new Error(`the shared corpus is missing: expected ${DIR}/cases.json beside the checkout (read in place, never copied)`)

/** Per document: the towns it names for its events, and the organization's own town when it states its address. */
const NAMED: Record<string, { towns?: string[]; organization?: string }> = {
  'city-bureau-fresno/friant_water_authority.html': {
    towns: ['Lindsay', 'Madera', 'Visalia', 'Farmersville', 'Tipton', 'Porterville', 'Exeter', 'Delano', 'Fresno', 'Tulare', 'Bakersfield', 'Terra Bella', 'Wasco', 'Orange Cove', 'Chowchilla'],
  },
  'city-bureau-fresno/clovis_city_council.html': { towns: ['Clovis'] },
  'city-bureau-fresno/fre_kings_bos.html': { organization: 'Hanford' },
  'city-bureau-fresno/madera_co_board_of_supervisors.html': { organization: 'Madera' },
  'city-bureau-colgo/colgo_columbia_commission_upcoming.html': { organization: 'White Salmon' },
  'city-bureau-colgo/colgo_columbia_commission_meeting_detail.html': { organization: 'White Salmon' },
  'city-bureau-lascruc/lascruc_sunland_park_city.html': { organization: 'Sunland Park' },
  'city-scrapers-stl/stl_preservation.html': { towns: ['St. Louis'], organization: 'Saint Louis' },
  'city-scrapers-stl/cc_horticulture.html': { towns: ['Creve Coeur'] },
  'tess/rug.agenda.html': { towns: ['Groningen', 'Leeuwarden'] },
  'tess/rug.oratie-de-haan.html': { towns: ['Groningen'] },
  'tess/surf.agenda.ics': { towns: ['Den Haag', 'Vlissingen', 'Utrecht', 'Delft', 'Zwolle', 'Rotterdam', 'Hilversum', 'Leiden'] },
  'city-scrapers-pitt/pa_development.json': { towns: ['Harrisburg', 'Bethlehem'] },
  'city-bureau-lascruc/lascruc_dona_ana_county_other_agencies.json': { towns: ['Santa Teresa', 'Las Cruces'] },
  'city-bureau-san-diego/sandie_citychula.json': { towns: ['Chula Vista'] },
  'city-bureau-indianapolis/ind_city_county.jsonp': { towns: ['Indianapolis'] },
  'tess/lcrdm.open-science-festival-2025.html': { towns: ['Utrecht', 'Groningen'] },
  'tess/wur.genetic-diversity.html': { towns: ['Wageningen'] },
}

/** Town names compared loosely: case, accents and "St."/"Saint" aside. Independent of the code under test. */
function fold(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\bst\b\.?/g, 'saint')
    .replace(/[^a-z]+/g, ' ')
    .trim()
}

const placeText = (e: Event) => [e.venue?.name, e.venue?.address, e.address].filter(Boolean).join(' | ')
const ONLINE_ONLY = /^(?:\s*(?:via\s+)?(?:online|virtual|zoom|webinar|teams|livestream|australia)\s*[,|]?)+$/i

function onlineOnly(e: Event): boolean {
  const text = placeText(e)
  return (e.is_online === true && !e.address) || (text !== '' && ONLINE_ONLY.test(text))
}

/** The document's towns that the event's own place fields mention. */
function mentioned(e: Event, towns: string[]): string[] {
  const text = ` ${fold(placeText(e))} `
  return towns.filter((t) => text.includes(` ${fold(t)} `))
}

type Tally = { counted: number; carried: number; wrong: string[]; missing: string[] }

function tallyCorpus(): Tally {
  const tally: Tally = { counted: 0, carried: 0, wrong: [], missing: [] }
  for (const c of loadPageCases(join(DIR, 'cases.json'))) {
    const named = NAMED[c.file] ?? {}
    const towns = [...(named.towns ?? []), ...(named.organization ? [named.organization] : [])]
    for (const e of runPageCase(c, DIR).events) {
      const own = mentioned(e, named.towns ?? [])
      const counts = !onlineOnly(e) && (own.length > 0 || !!named.organization)
      if (e.city) {
        const allowed = own.length ? own : counts ? [named.organization!] : towns
        if (!allowed.some((t) => fold(t) === fold(e.city!))) tally.wrong.push(`${c.id}: "${e.title}" at "${placeText(e)}" has city "${e.city}", expected one of ${JSON.stringify(allowed)}`)
      }
      if (!counts) continue
      tally.counted++
      if (e.city) tally.carried++
      else tally.missing.push(`${c.id}: "${e.title}" at "${placeText(e)}"`)
    }
  }
  return tally
}

describe('shared corpus pages: every event knows its city', () => {
  const tally = tallyCorpus()

  it('counts the events whose document names a place (the table covers every document that does)', () => {
    expect(tally.counted).toBeGreaterThan(350)
  })

  it('gives a city to at least 90% of them', () => {
    const share = tally.carried / tally.counted
    if (share < 0.9) console.log(`${tally.carried}/${tally.counted} carry a city; without:\n${tally.missing.slice(0, 40).join('\n')}`)
    expect(share).toBeGreaterThanOrEqual(0.9)
  })

  it("never gives a wrong city: one the event names, else the organization's", () => {
    expect(tally.wrong).toEqual([])
  })
})
