/**
 * A site's opening hours and the days it shuts, which are no events: "Dinsdag t/m zondag van 11.00 tot
 * 17.00 uur. Gesloten op 25 december en 1 januari.", "Open Wednesdays 10am – 3pm. Closed from 19/12/2026 to
 * 12/01/2027.". A listed closure of its own ("Library CLOSED – Thanksgiving") names no opening days and stays.
 */
import { WEEKDAY_ALTERNATION } from '../weekday-words'

/** "Tuesday – Saturday", "Dinsdag t/m zondag", "De terça a domingo", "Open Wednesdays", "geopend op zondag": a site's opening days. */
const OPEN_DAYS = new RegExp(
  `(?:${WEEKDAY_ALTERNATION})\\.?\\s*(?:–|—|-|to|through|t/m|tot|bis|à|a|al|au)\\s*(?:${WEEKDAY_ALTERNATION})(?![\\p{L}])|(?<![\\p{L}])(?:open|opens|geopend|geöffnet|ouvert|abierto|aperto|aberto)\\s+(?:daily|(?:on\\s+|op\\s+)?(?:${WEEKDAY_ALTERNATION}))`,
  'iu',
)
const CLOSED_WORD = /(?<![\p{L}])(closed|gesloten|geschlossen|fermée?|cerrad[oa]|chius[oa]|encerra|fechad[oa])(?![\p{L}])/iu

/**
 * "Dinsdag t/m zondag van 11.00 tot 17.00 uur. Gesloten op 25 december en 1 januari.", "Open Wednesdays 10am – 3pm.
 * Closed from 19/12/2026 to 12/01/2027.": a site's opening hours and the days it shuts are no events.
 */
export function openingHours(text: string): boolean {
  return CLOSED_WORD.test(text) && OPEN_DAYS.test(text)
}
