/**
 * The place a page says its meetings are held in unless a meeting says otherwise ("Meetings are held in the
 * City Commission Chambers unless otherwise noted.", "Les séances ont lieu dans la salle du conseil, sauf
 * mention contraire.", "All meetings are held in the Commission Chambers."), often in a note under the list or
 * in the footer: the place of every listed event that names none.
 */
import type { CandidatePlace } from '../../candidate-types'
import type { Line } from './page-lines'

/** "unless otherwise noted" in the languages read here: what makes a sentence a default. */
const UNLESS_NOTED =
  /\b(?:unless\s+otherwise\s+(?:noted|stated|indicated|posted|announced)|sauf\s+(?:mention|avis|indication)\s+contraire|sofern\s+nicht\s+anders\s+(?:angegeben|vermerkt)|wenn\s+nicht\s+anders\s+angegeben|salvo\s+(?:indicaci[oó]n|aviso)\s+(?:en\s+)?contrari[oa]|tenzij\s+anders\s+(?:vermeld|aangegeven)|salvo\s+diversa\s+indicazione|salvo\s+indica[çc][ãa]o\s+em\s+contr[áa]rio)\b/i
/**
 * The words that say where, then the place's name: capitalised words and the small words between them, or
 * a name in lower case up to the sentence's next comma ("dans la salle du conseil de la mairie, …").
 */
const HELD_IN =
  /\b(?:held|take\s+place|stattfinden|finden(?:\s+\p{L}+)?(?:\s+statt)?|ont\s+lieu|se\s+tiennent|se\s+celebran|tienen\s+lugar|vinden\s+(?:\p{L}+\s+)?plaats|si\s+tengono|se\s+realizam|acontecem)\s+(?:in|at|im|in\s+der|in\s+den|dans|à|en|en\s+el|en\s+la|nel|nella|nei|op|in\s+het|no|na|nos|nas)\s+(?:the\s+|la\s+|le\s+|l['’]|el\s+|de\s+|het\s+|o\s+|a\s+)?((?:\p{Lu}[\p{L}'’.-]*)(?:\s+(?:\p{Lu}[\p{L}'’.-]*|of|and|&|the|de|du|des|la|le|del|der|des|di|della|do|da|van|\d+))*|\p{Ll}[^,.;()]{2,60}?)(?=\s*(?:[,.;()]|$|\s(?:unless|sauf|sofern|wenn|salvo|tenzij|statt)\b))/u

/** "All meetings are held in …", "All regular meetings are held at …": a default said of every meeting. */
const ALL_MEETINGS = /\ball\s+(?:\p{L}+\s+)?(?:meetings|sessions)\s+(?:are|will\s+be)\s+held\s+(?:in|at)\b/iu

/** The default place a line states, or undefined. */
export function defaultPlace(lines: Line[]): CandidatePlace | undefined {
  for (const line of lines) {
    if (line.text.length > 300 || (!UNLESS_NOTED.test(line.text) && !ALL_MEETINGS.test(line.text))) continue
    const m = HELD_IN.exec(line.text)
    if (!m) continue
    const name = m[1].replace(/\.+$/, '').replace(/\s+(?:of|and|&|the|de|du|des|la|le|del|der|di|della|do|da|van)$/i, '')
    // "held at Town Hall, 25 Mill Street, Millbrook Falls, NY 12545 unless otherwise noted": its address follows.
    const stop = UNLESS_NOTED.exec(line.text)?.index ?? line.text.indexOf('.', m.index + m[0].length)
    const rest = line.text.slice(m.index + m[0].length, stop < 0 ? line.text.length : stop)
    const address = /^\s*,\s*(\d[^;()]{4,100}?)[\s,]*$/.exec(rest)?.[1]
    return address ? { name, address } : { name }
  }
  return undefined
}
