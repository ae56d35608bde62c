// Pins what a crawl reads from an organization's home page for its zone (issue 13): the visible text
// (no scripts or styles) and the language it declares, from <html lang>, else og:locale or Content-Language.
import { describe, expect, it } from 'bun:test'
import { homeSignals } from '../../src/crawl/collect'

describe('homeSignals', () => {
  it('keeps visible text and drops scripts and styles', () => {
    const s = homeSignals('<html lang="de-DE"><head><style>.a{}</style><script>var x = "70173 Stuttgart"</script></head><body><p>Königstraße 12<br>70174 Stuttgart</p></body></html>')
    expect(s.lang).toBe('de-DE')
    expect(s.text).toContain('70174 Stuttgart')
    expect(s.text).not.toContain('70173')
  })

  it('falls back to og:locale and Content-Language, and leaves the language out when none is declared', () => {
    expect(homeSignals('<html><head><meta property="og:locale" content="pt_BR"></head></html>').lang).toBe('pt_BR')
    expect(homeSignals('<html><head><meta http-equiv="Content-Language" content="nl"></head></html>').lang).toBe('nl')
    expect(Object.keys(homeSignals('<html><body>x</body></html>'))).toEqual(['text'])
  })
})
