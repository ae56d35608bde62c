// Pins issue 18's audience tags at normalize time, one table in audience.ts and a test per language we read
// (English, German, French, Spanish, Dutch, Italian, Portuguese): family, kids, teens, adults and seniors
// (and storytime, which implies kids and family) from titles, categories and the audience field word by
// word, from descriptions only when they say it plainly ("for children", "pour toute la famille"), from
// age ranges in every language; an adults-only statement drops the young tags; and the tags reach the
// record's `categories`, which the search's audience filter reads.
import { describe, expect, it } from 'bun:test'
import { audienceTags } from '../../../src/crawl/normalize/audience'
import { runBytes } from '../../helpers/extract'

describe('audience tags by language', () => {
  it('en', () => {
    expect(audienceTags({ title: 'Toddler Storytime' })).toEqual(['storytime', 'kids', 'family'])
    expect(audienceTags({ title: 'Movie Night', description: 'Fun for the whole family, all ages welcome.' })).toEqual(['family'])
    expect(audienceTags({ title: 'Teen Anime Club' })).toEqual(['teens'])
    expect(audienceTags({ title: 'Adult Craft Night' })).toEqual(['adults'])
    expect(audienceTags({ title: 'Chair Yoga', categories: ['Seniors'] })).toEqual(['seniors'])
    expect(audienceTags({ title: 'Tech Help', description: 'One-on-one help for older adults.' })).toEqual(['seniors'])
    expect(audienceTags({ title: 'Robotics Camp', description: 'Ages 8-11.' })).toEqual(['kids', 'family'])
    expect(audienceTags({ title: 'Graduation Night', description: 'Celebrating our high school seniors.' })).toEqual([])
    expect(audienceTags({ title: 'Symposium: current developments in family law' })).toEqual([])
    expect(audienceTags({ title: 'Parent & Child Swim' })).toEqual(['kids', 'family'])
    expect(audienceTags({ title: 'Parent or Student Grievance Hearing' })).toEqual([])
  })

  it('de', () => {
    expect(audienceTags({ title: 'Vorlesestunde in der Stadtbibliothek' })).toEqual(['storytime', 'kids', 'family'])
    expect(audienceTags({ title: 'Familiensonntag im Museum', categories: ['Familien'] })).toEqual(['family'])
    expect(audienceTags({ title: 'Bastelnachmittag', description: 'Ein Angebot für Kinder ab 6 Jahren.' })).toEqual(['kids', 'family'])
    expect(audienceTags({ title: 'Comic-Workshop für Jugendliche' })).toEqual(['teens'])
    expect(audienceTags({ title: 'Gedächtnistraining für Senioren' })).toEqual(['seniors'])
    expect(audienceTags({ title: 'Weinprobe', description: 'Nur für Erwachsene.' })).toEqual(['adults'])
    // "Jugendstil" is an art movement, not an audience.
    expect(audienceTags({ title: 'Führung: Jugendstil in Darmstadt' })).toEqual([])
  })

  it('fr', () => {
    expect(audienceTags({ title: "L'heure du conte" })).toEqual(['storytime', 'kids', 'family'])
    expect(audienceTags({ title: 'Atelier cuisine', description: 'Un atelier pour les enfants de 6 à 10 ans.' })).toEqual(['kids', 'family'])
    expect(audienceTags({ title: 'Spectacle de marionnettes', categories: ['Jeune public'] })).toEqual(['kids', 'family'])
    expect(audienceTags({ title: 'Jeux de société', description: 'Venez jouer en famille !' })).toEqual([])
    expect(audienceTags({ title: 'Jeux de société en famille' })).toEqual(['family'])
    expect(audienceTags({ title: 'Club manga ados' })).toEqual(['teens'])
    expect(audienceTags({ title: 'Gym douce pour les seniors' })).toEqual(['seniors'])
    expect(audienceTags({ title: 'Dégustation', description: 'Réservé aux adultes.' })).toEqual(['adults'])
    expect(audienceTags({ title: 'Conférence : les oiseaux d’hiver', description: 'Pour les adultes et les adolescents de 14 ans et plus.' })).toEqual(['teens', 'adults'])
  })

  it('es', () => {
    expect(audienceTags({ title: 'Hora del cuento' })).toEqual(['storytime', 'kids', 'family'])
    expect(audienceTags({ title: 'Taller de ciencia para niños' })).toEqual(['kids', 'family'])
    expect(audienceTags({ title: 'Cine en familia' })).toEqual(['family'])
    expect(audienceTags({ title: 'Club de lectura juvenil' })).toEqual(['teens'])
    expect(audienceTags({ title: 'Baile para personas mayores' })).toEqual(['seniors'])
    expect(audienceTags({ title: 'Cata de vinos', description: 'Solo para adultos, mayores de 18 años.' })).toEqual(['adults'])
    expect(audienceTags({ title: 'Taller de robótica', description: 'Dirigido a edades 12 a 16 años.' })).toEqual(['teens'])
  })

  it('nl', () => {
    expect(audienceTags({ title: 'Voorleesuurtje' })).toEqual(['storytime', 'kids', 'family'])
    expect(audienceTags({ title: 'Knutselmiddag voor kinderen' })).toEqual(['kids', 'family'])
    expect(audienceTags({ title: 'Museumdag', description: 'Een dag voor het hele gezin, vanaf 4 jaar.' })).toEqual(['kids', 'family'])
    expect(audienceTags({ title: 'Gamecafé voor tieners' })).toEqual(['teens'])
    expect(audienceTags({ title: 'Digicafé voor senioren' })).toEqual(['seniors'])
    expect(audienceTags({ title: 'Lezing', categories: ['Volwassenen'] })).toEqual(['adults'])
  })

  it('it', () => {
    expect(audienceTags({ title: 'Letture animate in biblioteca' })).toEqual(['storytime', 'kids', 'family'])
    expect(audienceTags({ title: 'Laboratorio per bambini', description: 'Dai 5 anni in su.' })).toEqual(['kids', 'family'])
    expect(audienceTags({ title: 'Visita guidata per famiglie' })).toEqual(['family'])
    expect(audienceTags({ title: 'Corso di fumetto per adolescenti' })).toEqual(['teens'])
    expect(audienceTags({ title: 'Ginnastica dolce per anziani' })).toEqual(['seniors'])
    expect(audienceTags({ title: 'Degustazione', description: 'Solo adulti.' })).toEqual(['adults'])
  })

  it('pt', () => {
    expect(audienceTags({ title: 'Hora do conto' })).toEqual(['storytime', 'kids', 'family'])
    expect(audienceTags({ title: 'Oficina de pintura para crianças' })).toEqual(['kids', 'family'])
    expect(audienceTags({ title: 'Passeio', description: 'Atividade para toda a família.' })).toEqual(['family'])
    expect(audienceTags({ title: 'Clube de leitura para adolescentes' })).toEqual(['teens'])
    expect(audienceTags({ title: 'Dança para idosos' })).toEqual(['seniors'])
    expect(audienceTags({ title: 'Prova de vinhos', description: 'Só para adultos.' })).toEqual(['adults'])
  })
})

describe('ages and plain statements', () => {
  it('reads ages in the audience field and in parentheses', () => {
    expect(audienceTags({ title: 'Bug Hunt', audience: '5-9' })).toEqual(['kids', 'family'])
    expect(audienceTags({ title: 'Lab Night', audience: '13-17' })).toEqual(['teens'])
    expect(audienceTags({ title: 'Brunch', audience: '18+' })).toEqual(['adults'])
    expect(audienceTags({ title: 'Krabbelgruppe (6–18 Monate)' })).toEqual(['kids', 'family'])
    expect(audienceTags({ title: 'Hike', description: 'Ages 2-99, everyone welcome.' })).toEqual(['family'])
  })

  it('does not tag a passing mention, nor "adults and children"', () => {
    expect(audienceTags({ title: 'Book Club', description: 'Our members discuss a novel; children of members sometimes attend.' })).toEqual([])
    expect(audienceTags({ title: 'Stadtratssitzung', description: 'Die Kinderbetreuung ist geregelt.' })).toEqual([])
    expect(audienceTags({ title: 'Art Walk', description: 'For adults and children alike.' })).toEqual(['kids', 'family', 'adults'])
  })
})

describe('audience tags in the record', () => {
  it('reach categories through normalize, from structured data in any language', () => {
    const ld = {
      '@context': 'https://schema.org',
      '@type': 'Event',
      name: 'Atelier cuisine pour les enfants',
      startDate: '2026-06-10T14:00+02:00',
      location: { '@type': 'Place', name: 'Médiathèque', address: '12 rue des Tisserands, 69002 Lyon' },
    }
    const { events } = runBytes(
      `<html lang="fr"><head><script type="application/ld+json">${JSON.stringify(ld)}</script></head><body></body></html>`,
      { baseUrl: 'https://mediatheque.example.fr/agenda', timezone: 'Europe/Paris', window: { start: '2026-01-01', end: '2026-12-31' } },
      'text/html',
    )
    expect(events.map((e) => [e.categories, e.category])).toEqual([[['kids', 'family'], 'kids']])
  })
})

// The description's patterns are tried only where a "for" word starts (audience.ts, plainTags): a mention
// anywhere in a long text counts, each "for" is tried, and the word boundaries still hold.
describe('plain mentions in long descriptions', () => {
  const filler = 'The reading room is open during renovation works and the café serves tea. '.repeat(40)

  it('finds a plain mention after a long text, past earlier "for" words that name no audience', () => {
    expect(audienceTags({ title: 'Open House', description: `${filler} Thanks for coming! Crafts for the whole family.` })).toEqual(['family'])
    expect(audienceTags({ title: 'Open House', description: `${filler} FOR ADULTS AND CHILDREN.` })).toEqual(['kids', 'family', 'adults'])
  })

  it('keeps the word boundaries: no audience inside longer words', () => {
    expect(audienceTags({ title: 'Talk', description: `${filler} Perfect for kidsbooks collectors and for familyhistory buffs.` })).toEqual([])
    expect(audienceTags({ title: 'Talk', description: `${filler} Platform for kids.` })).toEqual(['kids', 'family'])
  })

  it('reads the age patterns only where a number is followed by what they need', () => {
    expect(audienceTags({ title: 'Club', description: `${filler} Room 12, 3 p.m.` })).toEqual([])
    expect(audienceTags({ title: 'Club', description: `${filler} Für Jugendliche von 13 bis 17 Jahren.` })).toEqual(['teens'])
  })
})

// Titles and descriptions written in ASCII alone are read with ASCII word boundaries (audience.ts, STRONG_ASCII
// and FOR_START_ASCII); any other text keeps the Unicode ones. A word glued to an accented letter is still no
// whole word, and the same words read the same either way.
describe('word boundaries in ASCII and non-ASCII text', () => {
  it('tags the same words whether or not the text holds a letter beyond ASCII', () => {
    expect(audienceTags({ title: 'Teen Game Night' })).toEqual(['teens'])
    expect(audienceTags({ title: 'Teen Game Night – Café' })).toEqual(['teens'])
    expect(audienceTags({ title: 'Talk', description: 'Crafts for kids.' })).toEqual(['kids', 'family'])
    expect(audienceTags({ title: 'Talk', description: 'Crafts for kids – café open.' })).toEqual(['kids', 'family'])
  })

  it('does not read a word glued to an accented letter as a whole word', () => {
    expect(audienceTags({ title: 'Éteens Collective' })).toEqual([])
    expect(audienceTags({ title: 'Talk', description: 'Café ófor kids.' })).toEqual([])
  })
})
