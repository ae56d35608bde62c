// Pins the general reader on the shared corpus of real calendar pages (../shared/corpus/pages/, read in
// place): every html-* case passes in full, with the same checks and semantics as the corpus scorer
// (score.ts) — listings of cards, tables read by their header, a month grid, prose schedules, agendas in a
// navigation menu, event pages without markup, Dutch pages, and structured data whose offsets or dates
// disagree with the page (the page wins, in the site's zone). The iCalendar cases that already pass
// (ics-*) and The Events Calendar JSON (json-tec-*) are pinned too, so the reader's work breaks neither.
import { describe, expect, it } from 'bun:test'
import { join } from 'node:path'
import { CORPUS } from '../helpers/corpus'
import { describeCheck, loadPageCases, runPageCase } from '../helpers/page-cases'

const DIR = join(CORPUS, 'pages')
const cases = loadPageCases(join(DIR, 'cases.json')).filter((c) => /^(html|ics|json-tec)-/.test(c.id))

describe('shared corpus pages', () => {
  it('has the html cases the reader is pinned on (15 cases, 69 checks)', () => {
    const html = cases.filter((c) => c.id.startsWith('html-'))
    expect([html.length, html.reduce((n, c) => n + c.checks.length, 0)]).toEqual([15, 69])
  })

  for (const c of cases) {
    it(`${c.id}: ${c.kind}`, () => {
      const result = runPageCase(c, DIR)
      const failures = result.results.filter((r) => !r.pass).map((r) => `${describeCheck(r.check)} -> ${r.reason}`)
      expect(failures).toEqual([])
    })
  }
})
