// The command line of `npm run bench:catalogue` (scripts/bench-catalogue.mjs).

const USAGE =
  'usage: node scripts/bench-catalogue.mjs [--small N] [--large N] [--duration S] [--warmup S] [--steady-within S] [--connections 10,100] [--databases pglite,postgres] [--skip-build] [--fresh] [--memory N,M]';

export function parseArgs(argv) {
  const opts = {
    small: 1000,
    large: 50000,
    duration: 8,
    warmup: 2,
    // The warm-up goes on until the throughput is steady, up to this many seconds (0: --warmup alone). At 50,000
    // products a process answers a language's first searches from PostgreSQL while its prefix index loads
    // (about 1.2 s per worker) and its code is optimised over the next seconds: 2 s measured part of that.
    steadyWithin: 30,
    timeout: 10,
    connections: [10, 100],
    databases: ['pglite', 'postgres'],
    skipBuild: false,
    fresh: false,
    memory: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    }
    if (arg === '--skip-build') opts.skipBuild = true;
    else if (arg === '--fresh') opts.fresh = true;
    else if (arg === '--connections') opts.connections = String(argv[++i]).split(',').map(Number);
    else if (arg === '--databases') opts.databases = String(argv[++i]).split(',');
    else if (arg === '--memory') opts.memory = String(argv[++i]).split(',').map(Number);
    else if (arg === '--steady-within') opts.steadyWithin = Number(argv[++i]);
    else if (['--small', '--large', '--duration', '--warmup'].includes(arg)) opts[arg.slice(2)] = Number(argv[++i]);
    else throw new Error(`unknown option ${arg}\n${USAGE}`);
  }
  const ints = [
    opts.small,
    opts.large,
    opts.duration,
    opts.warmup,
    opts.steadyWithin,
    ...opts.connections,
    ...opts.memory,
  ];
  if (
    !ints.every((n) => Number.isInteger(n) && n >= 0) ||
    opts.small < 1 ||
    opts.large > 200000 ||
    opts.duration < 1 ||
    opts.memory.some((n) => n < 1 || n > 200000)
  )
    throw new Error(`bad numbers\n${USAGE}`);
  if (!opts.databases.every((d) => d === 'pglite' || d === 'postgres'))
    throw new Error(`--databases takes pglite and/or postgres\n${USAGE}`);
  return opts;
}
