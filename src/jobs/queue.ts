/**
 * The job queue's settings. The queue's operations (claim, lease, progress, the ends of attempts) are
 * `storage.jobs` (db/storage.ts); this module names the queue's timing for jobs/ and its tests.
 */
export { LEASE_MS, MAX_INTERRUPTIONS } from '../model/job-state'
