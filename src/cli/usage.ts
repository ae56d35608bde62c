import { VERSION } from '../version'

/** The text of `event-index --help`; also printed on stderr for a command line that cannot be understood. */
export const USAGE = `event-index ${VERSION}: finds organizations' event calendars and serves normalized events

Usage: event-index <command> [options]

Commands:
  serve                 run the service for production (requires GW_SIGNING_KEYS)
  dev                   run the service on 127.0.0.1:3000 with the local gateway on 127.0.0.1:8080
                        and a built-in demo organization site on 127.0.0.1:8081 to index
  migrate               apply database migrations to DATABASE_PATH (or to DATABASE_URL when it is
                        set) and exit
  migrate --to-postgres URL
                        copy the SQLite file of DATABASE_PATH into an empty PostgreSQL database
                        (postgres://user:password@host:port/database), verifying each table's rows
  gateway --upstream URL
                        run the local gateway in front of a running service (signs with the last
                        GW_SIGNING_KEYS pair, serves the usage service with GW_USAGE_*_KEY)
  sign --kid K [--secret S] --path /api/v1/… [--method M] [--agent A] [--body FILE] [--t SECONDS] [--id ID]
                        print the gw-signature (and gw-agent-id) headers for a request
  crawl <website> [--json] [--start YYYY-MM-DD --end YYYY-MM-DD]
                        crawl one site in the foreground: progress on stderr, events as JSON on stdout
  accounts create --email E [--credits N]
                        create an MCP account; prints its account key once
  accounts grant --email E --credits N
                        add prepaid credits to an MCP account
  accounts show --email E
                        balance and recent ledger of an MCP account
  extract <file>        extract one saved document (HTML, iCalendar, calendar JSON, RSS/Atom) to a
                        JSON array of normalized events on stdout; warnings on stderr

Options for serve, dev, migrate and accounts:
  --port N              overrides PORT
  --host ADDR           overrides HOST
  --db PATH             overrides DATABASE_PATH
  --gateway-port N      (dev) port of the local gateway, overrides GATEWAY_PORT (default 8080)
  --demo-port N         (dev) port of the demo site, overrides DEMO_PORT (default 8081)

Options for gateway:
  --upstream URL        the service origin, e.g. http://127.0.0.1:3000
  --port N, --host ADDR where the gateway listens (default 127.0.0.1:8080; --port overrides GATEWAY_PORT)
  --agent-key KEY, --session ID
                        register the first agent with this key and storefront session

Options for extract:
  --base-url URL        where the document came from (relative links resolve against it)
  --tz ZONE             the organization's IANA time zone, used when the document names none
  --start YYYY-MM-DD    window start (default: today)
  --end YYYY-MM-DD      window end (default: start + 90 days)

  --help, -h            show this help
  --version, -v         print the version

Configuration is read from environment variables; see the README's configuration table.
`
