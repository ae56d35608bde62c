// Loaded before every test file of `npm test` (bunfig.toml): hooks that belong to the whole run rather
// than to one file. The PostgreSQL cluster the suites share (test/helpers/postgres.ts) is stopped after
// the last test, since `bun test` gives a process no exit event to do it in.
import { afterAll } from 'bun:test'
import { stopSharedPostgres } from './helpers/postgres'

afterAll(stopSharedPostgres)
