// Pins format detection (issue 4): content first — VCALENDAR, the JSON shapes of The Events Calendar,
// Squarespace, Localist and Trumba, RSS/Atom roots, HTML (documents and fragments) — with the URL and
// content type only breaking ties; anything else is 'unknown'.
import { describe, expect, it } from 'bun:test'
import { detectFormat } from '../../../src/crawl/extract/detect'

describe('detectFormat', () => {
  it('recognises iCalendar by its first line, whatever the server says', () => {
    expect(detectFormat('\uFEFF  BEGIN:VCALENDAR\r\nVERSION:2.0\r\n', { contentType: 'text/html' })).toBe('ics')
  })

  it('recognises the calendar JSON APIs by their shape', () => {
    expect(detectFormat('{"events":[{"id":1,"start_date":"2026-06-01 10:00:00","utc_start_date":"2026-06-01 14:00:00"}],"total_pages":1}')).toBe('tec-json')
    expect(detectFormat('{"events":[],"total":0,"total_pages":0,"rest_url":"x"}')).toBe('tec-json')
    expect(detectFormat('{"website":{"timeZone":"America/Denver"},"collection":{"id":"a"},"upcoming":[{"startDate":1781452800000}]}')).toBe('squarespace-json')
    expect(detectFormat('{"events":[{"event":{"id":5,"event_instances":[]}}],"page":{"current":1}}')).toBe('localist-json')
    expect(detectFormat('[{"eventID":1,"title":"x","startDateTime":"2026-06-01T10:00:00"}]')).toBe('trumba-json')
  })

  it('routes truncated JSON by its keys so the extractor can report it', () => {
    expect(detectFormat('{"events":[{"id":1,"utc_start_date":"2026-06-01 14:00:00","title":"Cut')).toBe('tec-json')
    expect(detectFormat('{"events":[{"event":{"id":5,"event_instances":[{"event_instance"')).toBe('localist-json')
  })

  it('lets the URL decide JSON the content leaves open', () => {
    expect(detectFormat('{"events":[]}', { url: 'https://lib.example.org/wp-json/tribe/events/v1/events?page=2' })).toBe('tec-json')
    expect(detectFormat('{"hello":"world"}')).toBe('unknown')
  })

  it('tells RSS from Atom and both from XHTML', () => {
    expect(detectFormat('<?xml version="1.0"?>\n<rss version="2.0"><channel></channel></rss>')).toBe('rss')
    expect(detectFormat('<!-- generator --><rss version="2.0"><channel/></rss>')).toBe('rss')
    expect(detectFormat('<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"></feed>')).toBe('atom')
    expect(detectFormat('<?xml version="1.0"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml"><body/></html>')).toBe('html')
    expect(detectFormat('<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>')).toBe('unknown')
  })

  it('recognises HTML documents and fragments', () => {
    expect(detectFormat('<!DOCTYPE html><html><head></head><body></body></html>')).toBe('html')
    expect(detectFormat('<div itemscope itemtype="https://schema.org/Event"><span itemprop="name">x</span></div>')).toBe('html')
  })

  it('says unknown for text, binary and empty bodies', () => {
    expect(detectFormat('Just some words.')).toBe('unknown')
    expect(detectFormat('\u0000\u0001\u00ff\u00fe garbage')).toBe('unknown')
    expect(detectFormat('')).toBe('unknown')
  })
})
