// Generic extraction of human-readable calendars (issue 13), pinned by a held-out-style set of pages written
// for this repository (test/fixtures/pages/, answers in cases.json, each case's `why` says where every answer
// is on the page). One test per case; the rules they pin:
// - records from repeated structure anchored on dates (cards, list items, table rows, <dl>, paragraphs,
//   <br> lines), no title element or link required;
// - scope and inheritance: a day heading applies to the records after it across wrappers and sibling
//   sections; a section heading titles the records under it; a list of bare dates takes the page heading;
// - titles: the most prominent text that is neither the date nor boilerplate (Agenda, Minutes, Register,
//   Read more, Add to calendar, Tickets, CANCELLED ...), never a date link's text;
// - tables read by their header row in any column order and language; a table under a heading takes it;
// - dates and times in separate elements, ranges, Noon / Midnight / "at 5 p.m.", dates without a year
//   (window plus weekday, else the page's published date), typos chrono tolerates;
// - single event pages without markup: label-value pairs and <dl> in English, German, French, Spanish,
//   Dutch, Italian and Portuguese; title from h1, else og:title without the site name;
// - every time leaves with an offset: without --tz the zone comes from the address, phone prefix, ccTLD
//   or a language with one zone; offsets follow DST on the event's date;
// - when structured data and the page disagree (no offset, wrong offset, date only), the page wins;
// - broken JSON-LD (leading-zero numbers, HTML comments in or after the block) is still read, cleanly;
// - not events: HTML comments, <template>, hidden elements, navigation, footers, news sidebars, past
//   archives outside the window, "No meetings scheduled" rows; listed closures and cancellations are
//   events, with status where the page says cancelled;
// - an ASP.NET <form> around the whole page hides nothing;
// - iCalendar: vendor VVENUE blocks fill venue, address, city and coordinates and repair a bad fold;
//   different UIDs or different venues at the same time stay different events.
// A failing test lists each failed check and why (closest event, wrong field). Progress over the whole set:
// `bun test/fixtures/pages/score.ts` prints "own pages: P/N checks".
import { describe, expect, it } from 'bun:test'
import { describeCheck, loadPageCases, runPageCase } from '../../helpers/page-cases'

describe('own pages (held-out-style human-readable calendars)', () => {
  for (const c of loadPageCases()) {
    it(`${c.id}: ${c.kind}`, () => {
      const result = runPageCase(c)
      const failures = result.results.filter((r) => !r.pass).map((r) => `${describeCheck(r.check)} -> ${r.reason}`)
      expect(failures).toEqual([])
    })
  }
})
