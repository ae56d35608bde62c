/**
 * Pins the phrase scans' shortcuts (src/crawl/normalize/flags.ts, src/crawl/shared/urls.ts): a text is
 * spared the registration / open-to-the-public patterns when it holds none of their words, and the
 * meeting-link pattern when it holds no dot before a letter, and these shortcuts never change an answer:
 * every phrase each pattern knows, in any case, inside other words and text, with and without the shortcut.
 */
import { describe, expect, it } from 'bun:test'
import { phrasesHinted, phrasesIn } from '../../../src/crawl/normalize/flags'
import { isMeetingLink, meetingPattern } from '../../../src/crawl/shared/urls'

/** One text per alternative of the patterns (RSVP_NO, RSVP_YES, PUBLIC_YES, PUBLIC_NO, MEETING), and near misses. */
const PHRASES = [
  'No registration required',
  'no pre-registration is necessary',
  'Registration is not needed',
  'registration not required',
  'Drop-in program',
  'drop in anytime',
  'No RSVP',
  'RSVP not required',
  'no signups required',
  'No sign-up',
  'no ticket needed',
  'No tickets required',
  'Pre-registration is mandatory',
  'registration required',
  'Mandatory pre-registration',
  'please register',
  'Please RSVP',
  'must pre-register',
  'Advance registration',
  'RSVP is required',
  'RSVPs are requested',
  'sign-ups is required',
  'Tickets are required',
  'Registration opens June 1',
  'Open to the public',
  'open to all',
  'Open to everyone',
  'Free and open',
  'All are welcome',
  'Everyone is welcome',
  'Public invited',
  'public is welcome',
  'Members-only',
  'members only',
  'Private event',
  'private function',
  'Closed to the public',
  'Not open to the public',
  'Invitation only',
  'by invitation',
  'Join at https://zoom.us/j/123',
  'zoomgov.com/j/1',
  'MEET.GOOGLE.COM/abc-defg',
  'teams.microsoft.com/l/meetup',
  'teams.live.com/meet/1',
  'https://acme.webex.com/meet/x',
  'webex.com',
  'gotomeeting.com/join/1',
  'gotomeet.com',
  'meet.goto.com/1',
  'bluejeans.com/1',
  'whereby.com/room',
  'meet.jit.si/room',
  'chime.aws/123',
  'youtube.com/live/abc',
  'youtu.be/live/abc',
  'crowdcast.io/e/x',
  'streamyard.com/x',
  'vimeo.com/event/1',
  'facebook.com/events/123/live',
  'twitch.tv/library',
  // Near misses: words of the hints without a phrase, a sentence's full stop, a dot before a digit.
  'Open mic night',
  'Signing for kids. Story time',
  'Version 2.0 release',
  'Meet the author. Zoom in on history',
  'Public library book sale',
  'Tickets $5',
  'Storytime',
  '',
]

const FRAMES = [(p: string) => p, (p: string) => `Family fun! ${p}. See you there`, (p: string) => p.toUpperCase(), (p: string) => p.toLowerCase(), (p: string) => `x${p}y`]

describe('phrase scans with their shortcuts', () => {
  it('answer what the patterns alone answer, for every phrase and near miss in any frame', () => {
    let seen = 0
    for (const phrase of PHRASES)
      for (const frame of FRAMES) {
        const text = frame(phrase)
        expect({ text, flags: phrasesHinted(text) }).toEqual({ text, flags: phrasesIn(text) })
        expect({ text, meeting: isMeetingLink(text) }).toEqual({ text, meeting: meetingPattern.test(text) })
        if (phrasesIn(text)) seen++
      }
    // The list reaches every pattern (a phrase of each flag is found).
    expect(seen).toBeGreaterThan(PHRASES.length * 2)
    expect([1, 2, 4, 8, 16].every((flag) => PHRASES.some((p) => (phrasesIn(p) & flag) !== 0))).toBe(true)
  })
})
