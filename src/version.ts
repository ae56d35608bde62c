import pkg from '../package.json' with { type: 'json' }

/** The release, from package.json, compiled into the binary. */
export const VERSION: string = pkg.version
