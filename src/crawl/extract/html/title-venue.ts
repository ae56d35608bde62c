/**
 * A venue written at the end of a title ("Rosary for Peace (Chapel)", "Adventsbasar, Gemeindehaus"): kept
 * apart from the record's other place readers (record-place.ts), which it falls back to when they find none.
 */
import { memoize } from '../../../bounded-cache'
import type { CandidatePlace } from '../../candidate-types'
import { VENUE_WORD } from './labels'
import { hasWord } from './line-dates'
import { COST_WORD, splitPlace } from './record-place'

/**
 * "Rosary for Peace (Chapel)", "Bible Study (Parish Center, Room 2)", "Marché de l'Avent, salle des fêtes",
 * "Holiday Concert, Lincoln Elementary School", "Concierto: Trío Albéniz. Claustro de Santo Domingo.": a title
 * that ends with a venue, in parentheses, as its last comma part or as a last short sentence (a few words
 * that open or close with a venue word; a price in parentheses after it dropped), split into the title and
 * the place.
 */
export function venueInTitle(title: string): { title: string; place: CandidatePlace } | undefined {
  // Most titles end with neither ")" nor a short part after a comma or a stop: one look each, no pattern.
  const comma = title.lastIndexOf(', ')
  if (!title.endsWith(')') && (comma < 0 || title.length - comma > 44) && !title.includes('. ')) return undefined
  const found = venueInTitleOf(title)
  return found ? { title: found.title, place: { ...found.place } } : undefined
}

/** `venueInTitle`, remembered per title (a listing repeats its titles; callers get copies). */
const venueInTitleOf = memoize((title: string): { title: string; place: CandidatePlace } | null => {
  // "…, St Mary's Church (£15)": a price after the place is no part of it.
  const text = title.replace(/\s*\(([^()]*)\)$/, (all, inner: string) => (COST_WORD.test(inner) || /[£$€]\s?\d/.test(inner) ? '' : all))
  const m = PAREN_VENUE.exec(text) ?? lastCommaPart(text) ?? (text.includes('. ') ? LAST_SENTENCE.exec(text) : null)
  if (!m || !VENUE_WORD.test(m[2]) || COST_WORD.test(m[2]) || !hasWord(m[1]) || m[1].length < 3) return null
  if (!text.endsWith(')')) {
    const words = m[2].split(/\s+/)
    const venueWord = (w: string) => VENUE_WORD.test(w)
    if (words.length > 4 || /\d/.test(m[2]) || !(venueWord(words[0]) || (words.length <= 3 && venueWord(words[words.length - 1])))) return null
  }
  return { title: m[1], place: splitPlace([m[2].trim()]) }
})

const PAREN_VENUE = /^(.*\S)\s*\((?:at |in |à |im |en )?(?:the )?([^()]{3,60})\)$/i

/** The text before and after its last ", " when the part after it is 3 to 40 characters without a comma or a parenthesis. */
function lastCommaPart(text: string): [string, string, string] | null {
  const at = text.lastIndexOf(', ')
  if (at < 0) return null
  const head = text.slice(0, at)
  const tail = text.slice(at + 2)
  return tail.length >= 3 && tail.length <= 40 && !/[,()]/.test(tail) && /\p{L}/u.test(head) ? [text, head, tail] : null
}

/** "Concierto: Trío Albéniz. Claustro de Santo Domingo.": a last short sentence (not after an abbreviation such as "St."). */
const LAST_SENTENCE = /^(.*?\p{L}.*?(?<!(?:^|[^\p{L}])\p{L}{1,3}))\.\s+(\p{Lu}[^,.()]{2,40})\.?$/u
