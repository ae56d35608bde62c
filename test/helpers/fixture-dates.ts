/**
 * Evergreen fixture templates: fixture files hold `{{…}}` tags that are expanded when they are served,
 * relative to a `now` and in the site's time zone, so fixture calendars never go stale.
 *
 * Date tags: `{{KIND DAYS TIME}}`. DAYS is a day offset from today in the site's zone (`+3`, `-10`, `0`,
 * or an expression without spaces such as `(n-1)*89/200+1`; omitted = 0). TIME is a wall-clock time in
 * the site's zone, `HH:MM` or `HH:MM:SS` (omitted = midnight, or date-only where the kind allows it).
 * Offsets follow the zone's rules on that day, DST included. Examples for now = 2026-12-02 in
 * America/New_York:
 *
 * | tag | output |
 * | - | - |
 * | `{{iso +3 19:00}}` | `2026-12-05T19:00:00-05:00` |
 * | `{{isoutc +3 19:00}}` | `2026-12-06T00:00:00Z` |
 * | `{{date +3}}` | `2026-12-05` |
 * | `{{ics +3 19:00}}` / `{{ics +3}}` | `20261205T190000` (local, for TZID) / `20261205` (VALUE=DATE) |
 * | `{{icsutc +3 19:00}}` | `20261206T000000Z` |
 * | `{{icsday +3}}` | `SA` (RRULE BYDAY code) |
 * | `{{tec +3 19:00}}` / `{{tecutc +3 19:00}}` | `2026-12-05 19:00:00` / `2026-12-06 00:00:00` |
 * | `{{epoch +3 19:00}}` / `{{epochms +3 19:00}}` | Unix seconds / milliseconds (Squarespace) |
 * | `{{human +3}}` / `{{long +3}}` | `Saturday, December 5` / `Saturday, December 5, 2026` |
 * | `{{short +3 19:00}}` / `{{short +3}}` | `Sat, Dec 5 · 7:00 PM` / `Sat, Dec 5` |
 * | `{{monthday +3}}` | `December 5` |
 * | `{{time 19:00}}` / `{{wptime 19:00}}` | `7:00 PM` / `7:00 pm` (WordPress `g:i a`) |
 * | `{{weekday +3}}` `{{wd +3}}` `{{month +3}}` `{{mon +3}}` `{{day +3}}` `{{year +3}}` | `Saturday` `Sat` `December` `Dec` `5` `2026` |
 * | `{{rfc822 +3 19:00}}` | `Sat, 05 Dec 2026 19:00:00 -0500` (RSS) |
 * | `{{http +3 19:00}}` | `Sun, 06 Dec 2026 00:00:00 GMT` (Last-Modified) |
 * | `{{offset +3 19:00}}` / `{{tzabbr +3 19:00}}` | `-05:00` / `EST` |
 *
 * Other tags: `{{origin}}` (scheme://host:port the request was addressed to), `{{host}}` (host:port, for
 * `webcal://` links), `{{= EXPR}}` (an integer
 * expression over variables: `+ - * / % ( ) < <= > >= == != && || !`, `/` truncates), `{{pick EXPR a|b|c}}`
 * (the item at EXPR modulo the count), `{{include FILE}}` (another file of the site, expanded in place),
 * and blocks `{{#for VAR FROM TO}}…{{/for}}` (inclusive) and `{{#if EXPR}}…{{else}}…{{/if}}`.
 * An unknown tag throws, so a typo in a fixture fails loudly instead of serving `{{…}}`.
 * A TIME inside a DST gap resolves forward (RFC 5545): avoid 02:00–03:00 in fixtures.
 */
import { formatInstant, formatOffset, wallToInstant } from '../../src/crawl/shared/time'

export type TemplateContext = {
  /** The instant "today" is taken from. */
  now: Date
  /** IANA zone of the site: days and wall times are in this zone. */
  zone: string
  /** Value of `{{origin}}`, e.g. `http://127.0.0.1:4321`. */
  origin?: string
  /** Integer variables for expressions (route parameters, `#for` variables). */
  vars?: Record<string, number>
  /** Reads another file of the site for `{{include FILE}}`. */
  include?: (file: string) => string
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const pad = (n: number, width = 2) => String(n).padStart(width, '0')

const dayFormatters = new Map<string, Intl.DateTimeFormat>()

/** Today's date (`YYYY-MM-DD`) in `zone` at the instant `now`: the day offsets count from it. */
export function localToday(now: Date, zone: string): string {
  let f = dayFormatters.get(zone)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
    dayFormatters.set(zone, f)
  }
  const parts = f.formatToParts(now)
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? ''
  return `${get('year')}-${get('month')}-${get('day')}`
}

/** `date` plus `days` calendar days (`YYYY-MM-DD` in, `YYYY-MM-DD` out). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
}

function twelveHour(time: string, upper: boolean): string {
  const [h, m] = time.split(':').map(Number)
  const suffix = h < 12 ? 'am' : 'pm'
  return `${h % 12 === 0 ? 12 : h % 12}:${pad(m)} ${upper ? suffix.toUpperCase() : suffix}`
}

function tzAbbreviation(ms: number, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'short' }).formatToParts(new Date(ms))
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? ''
}

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/
const DATE_KINDS = new Set([
  'iso',
  'isoutc',
  'date',
  'ics',
  'icsutc',
  'icsday',
  'tec',
  'tecutc',
  'epoch',
  'epochms',
  'human',
  'long',
  'short',
  'monthday',
  'time',
  'wptime',
  'weekday',
  'wd',
  'month',
  'mon',
  'day',
  'year',
  'rfc822',
  'http',
  'offset',
  'tzabbr',
])

/** True when `kind` names a date tag (`iso`, `ics`, `human`, …). */
export function isDateKind(kind: string): boolean {
  return DATE_KINDS.has(kind)
}

/**
 * One date tag: `kind` at `days` after today, at wall time `time` (`HH:MM[:SS]`, optional) in the
 * context's zone. See the module comment for the kinds and their outputs.
 */
export function formatDateTag(kind: string, days: number, time: string | undefined, ctx: Pick<TemplateContext, 'now' | 'zone'>): string {
  if (!DATE_KINDS.has(kind)) throw new Error(`unknown date tag kind "${kind}"`)
  const date = addDays(localToday(ctx.now, ctx.zone), days)
  const [y, mo, d] = date.split('-').map(Number)
  const weekday = new Date(Date.UTC(y, mo - 1, d)).getUTCDay()
  const t = time ? normalizeTime(time) : undefined
  const wall = t ?? '00:00:00'
  const instant = () => wallToInstant(date, wall, ctx.zone)
  const utc = () => new Date(instant().ms).toISOString()
  switch (kind) {
    case 'iso': {
      const { ms, offsetMinutes } = instant()
      return formatInstant(ms, offsetMinutes)
    }
    case 'isoutc':
      return `${utc().slice(0, 19)}Z`
    case 'date':
      return date
    case 'ics':
      return t ? `${date.replaceAll('-', '')}T${t.replaceAll(':', '')}` : date.replaceAll('-', '')
    case 'icsutc':
      return `${utc().slice(0, 19).replace(/[-:]/g, '')}Z`
    case 'icsday':
      return WEEKDAYS[weekday].slice(0, 2).toUpperCase()
    case 'tec':
      return `${date} ${wall}`
    case 'tecutc':
      return utc().slice(0, 19).replace('T', ' ')
    case 'epoch':
      return String(Math.floor(instant().ms / 1000))
    case 'epochms':
      return String(instant().ms)
    case 'human':
      return `${WEEKDAYS[weekday]}, ${MONTHS[mo - 1]} ${d}`
    case 'long':
      return `${WEEKDAYS[weekday]}, ${MONTHS[mo - 1]} ${d}, ${y}`
    case 'short':
      return `${WEEKDAYS[weekday].slice(0, 3)}, ${MONTHS[mo - 1].slice(0, 3)} ${d}${t ? ` · ${twelveHour(t, true)}` : ''}`
    case 'monthday':
      return `${MONTHS[mo - 1]} ${d}`
    case 'time':
      return twelveHour(wall, true)
    case 'wptime':
      return twelveHour(wall, false)
    case 'weekday':
      return WEEKDAYS[weekday]
    case 'wd':
      return WEEKDAYS[weekday].slice(0, 3)
    case 'month':
      return MONTHS[mo - 1]
    case 'mon':
      return MONTHS[mo - 1].slice(0, 3)
    case 'day':
      return String(d)
    case 'year':
      return String(y)
    case 'rfc822': {
      const { offsetMinutes } = instant()
      return `${WEEKDAYS[weekday].slice(0, 3)}, ${pad(d)} ${MONTHS[mo - 1].slice(0, 3)} ${y} ${wall} ${formatOffset(offsetMinutes).replace(':', '')}`
    }
    case 'http':
      return new Date(instant().ms).toUTCString()
    case 'offset':
      return formatOffset(instant().offsetMinutes)
    default: // tzabbr
      return tzAbbreviation(instant().ms, ctx.zone)
  }
}

function normalizeTime(time: string): string {
  const m = TIME.exec(time)
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new Error(`bad time "${time}" (want HH:MM or HH:MM:SS)`)
  return `${pad(Number(m[1]))}:${m[2]}:${m[3] ?? '00'}`
}

// ---- integer expressions ---------------------------------------------------------------------------

/** Binary operators by precedence, loosest first. */
const LEVELS = [['||'], ['&&'], ['==', '!='], ['<=', '>=', '<', '>'], ['+', '-'], ['*', '/', '%']]

function apply(op: string, a: number, b: number): number {
  switch (op) {
    case '||':
      return a || b ? 1 : 0
    case '&&':
      return a && b ? 1 : 0
    case '==':
      return a === b ? 1 : 0
    case '!=':
      return a !== b ? 1 : 0
    case '<=':
      return a <= b ? 1 : 0
    case '>=':
      return a >= b ? 1 : 0
    case '<':
      return a < b ? 1 : 0
    case '>':
      return a > b ? 1 : 0
    case '+':
      return a + b
    case '-':
      return a - b
    case '*':
      return a * b
    case '/':
      if (b === 0) throw new Error('division by zero in template expression')
      return Math.trunc(a / b)
    default:
      return a % b
  }
}

/** Evaluates an integer expression (see the module comment) with `vars`; unknown names throw. */
export function evaluate(expression: string, vars: Record<string, number> = {}): number {
  const tokens = expression.match(/\d+|[A-Za-z_]\w*|&&|\|\||[<>=!]=|[-+*/%()<>!]|\S/g) ?? []
  let i = 0
  const peek = () => tokens[i]
  const level = (n: number): number => {
    if (n === LEVELS.length) return unary()
    let left = level(n + 1)
    while (LEVELS[n].includes(peek())) {
      const op = tokens[i++]
      left = apply(op, left, level(n + 1))
    }
    return left
  }
  const unary = (): number => {
    const t = tokens[i++]
    if (t === undefined) throw new Error(`incomplete expression "${expression}"`)
    if (t === '-') return -unary()
    if (t === '+') return unary()
    if (t === '!') return unary() ? 0 : 1
    if (t === '(') {
      const v = level(0)
      if (tokens[i++] !== ')') throw new Error(`missing ) in "${expression}"`)
      return v
    }
    if (/^\d+$/.test(t)) return Number(t)
    if (/^[A-Za-z_]\w*$/.test(t)) {
      if (!(t in vars)) throw new Error(`unknown variable "${t}" in "${expression}"`)
      return vars[t]
    }
    throw new Error(`unexpected "${t}" in "${expression}"`)
  }
  const value = level(0)
  if (i !== tokens.length) throw new Error(`unexpected "${tokens[i]}" in "${expression}"`)
  return value
}

// ---- templates -------------------------------------------------------------------------------------

type Node = string | { tag: string } | { block: 'for' | 'if'; args: string[]; body: Node[]; otherwise: Node[] }

function parse(text: string): Node[] {
  const root: Node[] = []
  const stack: { node: Extract<Node, { block: string }>; inElse: boolean }[] = []
  const target = () => (stack.length ? (stack.at(-1)!.inElse ? stack.at(-1)!.node.otherwise : stack.at(-1)!.node.body) : root)
  const re = /\{\{([\s\S]*?)\}\}/g
  let last = 0
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) target().push(text.slice(last, m.index))
    last = re.lastIndex
    const tag = m[1].trim()
    const open = /^#(for|if)\s+(.*)$/.exec(tag)
    if (open) {
      const node = { block: open[1] as 'for' | 'if', args: open[2].trim().split(/\s+/), body: [], otherwise: [] }
      target().push(node)
      stack.push({ node, inElse: false })
    } else if (tag === 'else') {
      const top = stack.at(-1)
      if (!top || top.node.block !== 'if') throw new Error('{{else}} outside {{#if}}')
      top.inElse = true
    } else if (tag === '/for' || tag === '/if') {
      const top = stack.pop()
      if (!top || `/${top.node.block}` !== tag) throw new Error(`unbalanced {{${tag}}}`)
    } else target().push({ tag })
  }
  if (stack.length) throw new Error(`unclosed {{#${stack.at(-1)!.node.block}}}`)
  if (last < text.length) root.push(text.slice(last))
  return root
}

function render(nodes: Node[], ctx: TemplateContext, depth: number): string {
  let out = ''
  for (const node of nodes) {
    if (typeof node === 'string') out += node
    else if ('tag' in node) out += expandTag(node.tag, ctx, depth)
    else if (node.block === 'if') out += render(evaluate(node.args.join(' '), ctx.vars) ? node.body : node.otherwise, ctx, depth)
    else {
      const [name, from, to] = node.args
      if (!name || !from || !to || node.args.length !== 3) throw new Error('{{#for}} wants VAR FROM TO')
      const a = evaluate(from, ctx.vars)
      const b = evaluate(to, ctx.vars)
      for (let v = a; v <= b; v++) out += render(node.body, { ...ctx, vars: { ...ctx.vars, [name]: v } }, depth)
    }
  }
  return out
}

function expandTag(tag: string, ctx: TemplateContext, depth: number): string {
  const [kind, ...args] = tag.split(/\s+/)
  if (kind === 'origin' && !args.length) {
    if (ctx.origin === undefined) throw new Error('{{origin}} needs an origin in the context')
    return ctx.origin
  }
  if (kind === 'host' && !args.length) {
    if (ctx.origin === undefined) throw new Error('{{host}} needs an origin in the context')
    return ctx.origin.replace(/^[a-z]+:\/\//, '')
  }
  if (kind === '=') return String(evaluate(args.join(' '), ctx.vars))
  if (kind === 'pick') {
    const [expr, ...rest] = args
    const items = rest
      .join(' ')
      .split('|')
      .map((s) => s.trim())
    if (!expr || !items[0]) throw new Error(`{{pick}} wants EXPR a|b|c, got {{${tag}}}`)
    const n = evaluate(expr, ctx.vars)
    return items[((n % items.length) + items.length) % items.length]
  }
  if (kind === 'include' && args.length === 1) {
    if (!ctx.include) throw new Error('{{include}} needs an include reader in the context')
    if (depth > 8) throw new Error(`{{include ${args[0]}}} nests too deeply`)
    return render(parse(ctx.include(args[0])), ctx, depth + 1)
  }
  if (DATE_KINDS.has(kind) && args.length <= 2) {
    let time: string | undefined
    let days = 0
    for (const arg of args) {
      if (TIME.test(arg)) time = arg
      else days = evaluate(arg, ctx.vars)
    }
    return formatDateTag(kind, days, time, ctx)
  }
  throw new Error(`unknown template tag {{${tag}}}`)
}

/** Expands every `{{…}}` tag of `text` (see the module comment for the syntax). Throws on unknown tags. */
export function expandTemplate(text: string, ctx: TemplateContext): string {
  if (!text.includes('{{')) return text
  return render(parse(text), ctx, 0)
}
