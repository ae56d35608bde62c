/**
 * One line of a page as the long-tail reader sees it (see page-lines.ts, which builds them): its text, the
 * elements it sits in and what its markup says, made in one shape for every line of every page.
 */
import type { WallTime } from '../../candidate-types'
import type { Element } from '../../shared/dom'

export type Line = {
  index: number
  /** Whitespace-collapsed text; empty for a virtual line. */
  text: string
  /** The innermost element holding all of the line (the lowest common ancestor of its text). */
  el: Element
  /** The elements from `<html>` down to `el`. */
  path: Element[]
  /** 1–6 inside `h1`–`h6`, 7 inside `summary`, `caption` or `legend`, else 0. */
  heading: number
  /** All of the line is bold (`strong`, `b`). */
  strong: boolean
  /** All of the line is one link. */
  link?: Element
  /** Length of a bold run that opens the line before plain text follows (a title set in bold). */
  lead?: number
  /** Inside navigation, a site header or footer, or a menu. */
  chrome: boolean
  /** Offsets in `text` where one inline element's text gives way to another's. */
  breaks: number[]
  /** Not visible text: a date carried by an attribute (`aria-label`, `<time datetime>`). */
  virtual?: boolean
  /** A machine-readable date-time (`<time datetime>`, `data-date`, `itemprop=startDate content`). */
  machine?: WallTime
  /** The machine value is a publication or update date, never an event's. */
  published?: boolean
  /** Character ranges of `text` inside a publication date (`<time class="dt-published">`, `.entry-date`). */
  postedSpans?: [number, number][]
  /** Character ranges of `text` struck out (`<del>`, `<s>`, `<strike>`): a date there was replaced by one beside it. */
  struckSpans?: [number, number][]
  /** An image's address (`<img src>`), on a virtual line of its own. */
  image?: string
  /** The index in `path` of the outermost footer-like element the line is in (`<footer>`, `.contact`, `<address>`), if any. */
  footerAt?: number
  /**
   * The line is the end of a range its markup splits into a start and an end element (`date-display-end`,
   * `tribe-event-date-end`, `event-time-localized-end`, `eventlist-datetag-enddate`, `dt-end`): its date or
   * time ends the record's event and anchors no record of its own.
   */
  rangeEnd?: boolean
}

/**
 * A line with every field present (the optional ones undefined until set), in one order: every line of
 * every page has one shape, so the readers' many reads of line fields stay monomorphic.
 */
export function newLine(text: string, el: Element, path: Element[], heading: number, strong: boolean, chrome: boolean, breaks: number[]): Line {
  return {
    index: 0,
    text,
    el,
    path,
    heading,
    strong,
    link: undefined,
    lead: undefined,
    chrome,
    breaks,
    virtual: undefined,
    machine: undefined,
    published: undefined,
    postedSpans: undefined,
    struckSpans: undefined,
    image: undefined,
    footerAt: undefined,
    rangeEnd: undefined,
  }
}
