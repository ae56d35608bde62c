/**
 * A page line knows whether it sits in a footer-like element (`<footer>`, `<address>`, role=contentinfo, a
 * footer / contact / address / vcard class name or id), marked while the lines are built (issue 13: one
 * walk) instead of judging every element of every line's path again: the mark must say what judging the
 * path says, for lines of every shape (nested, badge lines joined into one, virtual lines skipped), and the
 * organization's address is read from exactly those lines.
 */
import { describe, expect, it } from 'bun:test'
import { parse } from 'parse5'
import { extractHtml } from '../../../src/crawl/extract/html'
import { pageLines } from '../../../src/crawl/extract/html/page-lines'
import { attr, type Element } from '../../../src/crawl/shared/dom'

const FOOTERISH = /(?:^|[-_])(?:footer|contact|address|vcard|adr|site-info|colophon|contentinfo)(?:[-_]|$)/i

/** The long way: an element of the line's path is footer-like. */
function judged(el: Element): boolean {
  if (el.tagName === 'footer' || el.tagName === 'address' || attr(el, 'role') === 'contentinfo') return true
  const cls = attr(el, 'class')
  return (!!cls && cls.split(/\s+/).some((t) => FOOTERISH.test(t))) || FOOTERISH.test(attr(el, 'id') ?? '')
}

const PAGE = `<!DOCTYPE html><html><body>
  <main><div class="card"><div>Apr</div><div>8</div><h3>Storytime</h3></div>
    <article><footer class="entry-meta">Posted by Ann</footer><p>Article text</p></article></main>
  <div id="site-footer"><p>Springfield Library</p><div class="contact-block"><span>12 Oak St</span> <span>Springfield, IL 62701</span></div></div>
  <div class="cols"><div class="vcard"><div>May</div><div>12</div></div><div role="contentinfo"><p>© 2026</p></div></div>
  <address>1400 W. Lacey Blvd <br> Hanford CA 93230</address>
  <div class="Footer_Links"><a href="/privacy">Privacy</a></div><div class="footnote"><p>Not a footer</p></div>
  <div class="addressbook"><p>Not an address either</p></div><p class="contact"><time datetime="2026-06-01">June 1</time></p>
  <div class="badge"><div class="contact">Jun</div><div>9</div></div>
</body></html>`

describe('footer-like lines', () => {
  it('are the lines a footer-like element holds, as judging their path says', () => {
    const { lines } = pageLines(parse(PAGE))
    const texts = lines.filter((l) => !l.virtual)
    expect(texts.length).toBeGreaterThan(10)
    for (const line of texts) {
      const marked = line.footerAt !== undefined && line.footerAt < line.path.length
      expect([line.text, marked]).toEqual([line.text, line.path.some(judged)])
    }
    const footer = texts.filter((l) => l.footerAt !== undefined && l.footerAt < l.path.length).map((l) => l.text)
    expect(footer).toEqual(['Posted by Ann', 'Springfield Library', '12 Oak St Springfield, IL 62701', 'May 12', '© 2026', '1400 W. Lacey Blvd', 'Hanford CA 93230', 'Privacy', 'June 1'])
  })

  it("give the organization's address, and other lines do not", () => {
    const html = `<!DOCTYPE html><html><body><main><p>Events</p></main><div class="site-info"><p>1400 W. Lacey Blvd, Hanford, CA 93230</p></div><div class="footnote"><p>12 Oak St, Springfield, IL 62701</p></div></body></html>`
    expect(extractHtml(html, { baseUrl: 'https://example.org/', timezone: 'America/Los_Angeles', window: { start: '2026-06-01', end: '2026-08-31' } }).organizationPlace).toEqual({
      address: 'Hanford, CA 93230',
    })
  })
})
