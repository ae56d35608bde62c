import { Type as t } from '@sinclair/typebox'
import { AUDIENCES } from '../../services/find-events'
import { WHEN } from '../../services/search-place'

/** The search arguments of issue 18 shared by search_events and search_events_nearby (the REST twins: src/http/find.model.ts). */
export const FindArgs = {
  q: t.Optional(t.String({ maxLength: 500, description: 'words to find in title, description, venue, organizer or organization name (prefixes; punctuation is plain text); ranks by relevance' })),
  audience: t.Optional(
    t.Union(
      AUDIENCES.map((a) => t.Literal(a)),
      { description: 'only events for this audience' },
    ),
  ),
  free: t.Optional(t.Boolean({ description: 'true: only free events' })),
  when: t.Optional(
    t.Union(
      WHEN.map((w) => t.Literal(w)),
      { description: 'today, tomorrow or a weekend, in the zone of the place (else UTC); startDate/endDate win' },
    ),
  ),
  cursor: t.Optional(t.String({ maxLength: 500, description: 'nextCursor of the previous page (same other arguments)' })),
}
