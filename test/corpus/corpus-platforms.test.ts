// Pins the platform readers on the shared corpus of real calendar documents (../shared/corpus/pages/,
// read in place): every json-*, jsonp-* and rss-* case passes in full, with the corpus scorer's checks and
// semantics (score.ts): The Events Calendar REST, CivicClerk's local times with a false Z, OpenCities'
// day-first Date beside a month-first DateTime and its 'No Meetings' rows, eSCRIBE's ASP.NET {d: […]},
// Diligent's local times and placeholder midnights, Active Data's JSONP with microdata HTML inside, LibCal's
// list JSON, Eventbrite's per-event zones and drafts, and Drupal's RSS with the event range in pubDate.
import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { CORPUS } from '../helpers/corpus'
import { describeCheck, loadPageCases, runPageCase } from '../helpers/page-cases'

const DIR = join(CORPUS, 'pages')
const cases = loadPageCases(join(DIR, 'cases.json')).filter((c) => /^(json|jsonp|rss)-/.test(c.id))

describe('shared corpus: platform documents', () => {
  it('has the platform cases the readers are pinned on (9 cases, 46 checks)', () => {
    expect([cases.length, cases.reduce((n, c) => n + c.checks.length, 0)]).toEqual([9, 46])
  })

  for (const c of cases) {
    it(`${c.id}: ${c.kind}`, () => {
      const result = runPageCase(c, DIR)
      const failures = result.results.filter((r) => !r.pass).map((r) => `${describeCheck(r.check)} -> ${r.reason}`)
      expect(failures).toEqual([])
    })
  }
})
