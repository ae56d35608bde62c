/**
 * Pins the audience reader's shortcut (src/crawl/normalize/audience.ts): the age and adults-only hints over
 * an event's strong words joined to its description are worked out from the two parts (the description's
 * once per document) and must equal the hints over the joined text itself, including a range or a lower
 * bound split across the joint ("Ages 5" + "to 8", "Grades 3 to" + "5", "Ages 13" + "and up").
 */
import { describe, expect, it } from 'bun:test'
import { startDocument } from '../../../src/crawl/document-memo'
import { audienceTags, joinedHints } from '../../../src/crawl/normalize/audience'

const STRONG = ['', 'Storytime', 'Ages 5', 'Ages 5  ', 'Grades 3 to', 'Grades 3 to ', 'Kids 10-', 'Teens 13 and', 'Lab 5 a', 'Adult', 'Say no', '21', 'Yoga\n 18', 'Club 4 bis']
const DESCRIPTION = [
  '',
  'to 8',
  ' to 12 for kids',
  '-8 years',
  '\t– 6',
  '12 years',
  'years old and more',
  'and up',
  '+ welcome',
  ' 7 friends',
  'kids welcome',
  'Fun for all ages 3-5',
  'à 10 ans',
  'y 9',
  'e 7',
  'Jahre',
  'months',
  'no kids',
  'adults only 21+',
  'Adults',
]

describe('audience hints over the joined text', () => {
  it('equal the hints read over the joined text itself', () => {
    startDocument()
    let crossing = 0
    for (const strong of STRONG)
      for (const description of DESCRIPTION) {
        const joined = `${strong} \n ${description}`
        const expected = joinedHints(joined, '')
        expect({ strong, description, hints: joinedHints(strong, description) }).toEqual({ strong, description, hints: expected })
        const apart = joinedHints(strong, '')
        const alone = joinedHints(description, '')
        if ((expected.range && !apart.range && !alone.range) || (expected.from && !apart.from && !alone.from)) crossing++
      }
    // The lists reach matches that only the joint makes.
    expect(crossing).toBeGreaterThan(5)
  })

  it('give the tags of the joined reading', () => {
    startDocument()
    expect(audienceTags({ title: 'Lego Club, ages 5', description: 'to 8. Build and play.' })).toEqual(['kids', 'family'])
    expect(audienceTags({ title: 'Gaming night, ages 13', description: 'and up welcome' })).toEqual(['teens'])
    expect(audienceTags({ title: 'Trivia', description: 'Adults only, 21+' })).toEqual(['adults'])
    expect(audienceTags({ title: 'Trivia', description: 'For everyone' })).toEqual([])
  })
})
