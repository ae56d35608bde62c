/**
 * The job queue's operations (claim, lease, progress, the ends of attempts). Their SQL lives with the
 * other index_jobs statements in db/queries/jobs.ts; this module names the queue for jobs/ and its tests.
 */
export { cancelJob, claimJob, failAttempt, failStuckJobs, LEASE_MS, MAX_INTERRUPTIONS, recordProgress, releaseJobs, renewLease } from '../db/queries/jobs'
