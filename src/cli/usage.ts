import { VERSION } from '../version'

/** The text of `event-index --help`; also printed on stderr for a command line that cannot be understood. */
export const USAGE = `event-index ${VERSION}: finds organizations' event calendars and serves normalized events

Usage: event-index <command> [options]

Commands:
  serve                 run the service for production (requires GW_SIGNING_KEYS)
  dev                   run the service for local development on 127.0.0.1:3000
  migrate               apply database migrations to DATABASE_PATH and exit
  extract <file>        extract one saved document (HTML, iCalendar, calendar JSON, RSS/Atom) to a
                        JSON array of normalized events on stdout; warnings on stderr

Options for extract:
  --base-url URL        where the document came from (relative links resolve against it)
  --tz ZONE             the organization's IANA time zone, used when the document names none
  --start YYYY-MM-DD    window start (default: today)
  --end YYYY-MM-DD      window end (default: start + 90 days)

Options for serve, dev and migrate:
  --port N              overrides PORT
  --host ADDR           overrides HOST
  --db PATH             overrides DATABASE_PATH

  --help, -h            show this help
  --version, -v         print the version

Configuration is read from environment variables; see the README's configuration table.
`
