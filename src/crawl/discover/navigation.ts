import { absoluteUrl, attr, collapse, textOf, walk, type Document } from '../extract/html/dom'

const TEXT = /\b(events?|calendars?|what'?s on|whats on|programs?|programmes?|activities|happenings|classes|story ?times?)\b/i
const PATH = /\/(events?|calendars?|whats-?on|what-s-on|programs?|programmes?|activities|happenings|classes|storytimes?)(\/|$|\?)/i
const SKIP = /\/(past|archive|wp-admin|login|cart|donate|tag|category)(\/|$)|\.(pdf|jpe?g|png|gif|docx?|zip)(\?|$)|^(mailto|tel|javascript):/i

/**
 * Pages that look like an organization's calendar or event listing, from its links (DESIGN §6: link
 * text and URL: events, calendar, what's on, programs, activities). Same-site only, best first:
 * a link whose text says so beats one whose URL does; at most `limit`.
 */
export function calendarPages(doc: Document, pageUrl: string, limit = 5): string[] {
  const host = new URL(pageUrl).hostname.replace(/^www\./, '')
  const scored = new Map<string, number>()
  walk(doc, (el) => {
    if (el.tagName !== 'a') return
    const href = attr(el, 'href')
    if (!href || SKIP.test(href)) return
    const abs = absoluteUrl(href, pageUrl)
    if (!abs || new URL(abs).hostname.replace(/^www\./, '') !== host) return
    const clean = abs.split('#')[0]
    if (clean === pageUrl.split('#')[0]) return
    const text = collapse(textOf(el)).slice(0, 80)
    const score = (TEXT.test(text) && text.length <= 40 ? 2 : 0) + (PATH.test(new URL(clean).pathname + new URL(clean).search) ? 1 : 0)
    if (score > 0) scored.set(clean, Math.max(score, scored.get(clean) ?? 0))
  })
  return [...scored.entries()].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length).slice(0, limit).map(([url]) => url)
}
