// Pins records that give a rule instead of a date (recurring-records.ts): one event per day of the rule
// inside the window, at the rule's time; a rule without a time, a sentence about a service, or a rule
// under a heading that is the only title gives nothing (a wrong rule would invent events).
import { describe, expect, it } from 'bun:test'
import { extractDocument } from '../../../src/crawl/extract'
import { normalizeCandidates } from '../../../src/crawl/normalize'

const ctx = { baseUrl: 'https://lib.example.org/programs', timezone: 'America/Chicago', window: { start: '2026-12-01', end: '2026-12-31' } }

function starts(cards: string[]): string[] {
  const html = `<!DOCTYPE html><html lang="en"><body><main><h1>Programs</h1>${cards.map((c) => `<div class="prog">${c}</div>`).join('')}</main></body></html>`
  return normalizeCandidates(extractDocument(new TextEncoder().encode(html), ctx).candidates, ctx).events.map((e) => `${e.title} ${e.startDate}`)
}

describe('records stating a rule', () => {
  it('give the last Friday and the first Monday of the month, at their times', () => {
    expect(starts(['<h3>Film Club</h3><p>Last Friday of each month, 7 p.m.</p>', '<h3>Book Talk</h3><p>First Monday of every month at 2:00 pm</p>'])).toEqual([
      'Book Talk 2026-12-07T14:00:00-06:00',
      'Film Club 2026-12-25T19:00:00-06:00',
    ])
  })

  it('give nothing without a time, or for a sentence about a service', () => {
    expect(starts(['<h3>Quiet Hour</h3><p>Every Wednesday</p>', '<h3>Lego Club</h3><p>Every Saturday</p>'])).toEqual([])
    expect(
      starts([
        '<h3>Childcare</h3><p>Childcare is available for parents attending adult programs on Tuesdays at 6 pm.</p>',
        '<h3>Help</h3><p>Staff can help with devices on Thursdays at 3 pm in the lobby.</p>',
      ]),
    ).toEqual([])
  })
})
