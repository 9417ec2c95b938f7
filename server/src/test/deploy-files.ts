// Reads the deployment description in deploy/ — the Dockerfile, the compose file, the Caddyfile — into plain data,
// so that tests can hold them against the code (scripts/deploy.test.ts) and reproduce the image's runtime outside
// Docker (server/src/deploy.test.ts). A reader of the forms these files use, not of every Dockerfile or compose file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';

export const REPO_ROOT = join(import.meta.dirname, '../../..');
export const DEPLOY_DIR = join(REPO_ROOT, 'deploy');

export interface Instruction {
  /** Upper-case keyword: FROM, RUN, COPY … */
  keyword: string;
  /** The rest of the line, continuations joined. */
  args: string;
  /** The exec form (`["node", …]`) parsed, when the arguments are one. */
  exec?: string[];
}

export interface Stage {
  name: string | undefined;
  from: string;
  instructions: Instruction[];
}

export interface Dockerfile {
  /** ARGs before the first FROM, with their defaults. */
  globalArgs: Record<string, string>;
  stages: Stage[];
}

/** Splits a Dockerfile into stages of instructions (comments dropped, `\` continuations joined). */
export function parseDockerfile(text: string): Dockerfile {
  const lines: string[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!pending && (line === '' || line.startsWith('#'))) continue;
    if (pending && line.startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      continue;
    }
    lines.push((pending + line).trim());
    pending = '';
  }
  if (pending) lines.push(pending.trim());

  const globalArgs: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const [, keyword = '', args = ''] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
    const instruction: Instruction = { keyword: keyword.toUpperCase(), args };
    if (args.startsWith('[')) {
      try {
        instruction.exec = JSON.parse(args) as string[];
      } catch {
        // Not JSON: the shell form.
      }
    }
    if (instruction.keyword === 'FROM') {
      const m = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args);
      stages.push({ from: m?.[1] ?? args, name: m?.[2], instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword === 'ARG') {
        const [name = '', value = ''] = args.split('=');
        globalArgs[name] = value;
      }
    } else {
      stages.at(-1)!.instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

/** `ENV A=1 B=2` (and the older `ENV A 1`) of a stage, in order. */
export function stageEnv(stage: Stage): Record<string, string> {
  const env: Record<string, string> = {};
  for (const i of stage.instructions.filter((x) => x.keyword === 'ENV')) {
    const pairs = i.args.match(/[A-Za-z_][A-Za-z0-9_]*=("[^"]*"|\S*)/g);
    if (pairs)
      for (const p of pairs) env[p.slice(0, p.indexOf('='))] = p.slice(p.indexOf('=') + 1).replace(/^"|"$/g, '');
    else {
      const [name = '', ...rest] = i.args.split(/\s+/);
      env[name] = rest.join(' ');
    }
  }
  return env;
}

export interface Copy {
  from: string | undefined;
  sources: string[];
  destination: string;
}

/** The COPY instructions of a stage: `--from=`, sources (as written) and destination. */
export function stageCopies(stage: Stage): Copy[] {
  return stage.instructions
    .filter((i) => i.keyword === 'COPY')
    .map((i) => {
      const words = i.args.split(/\s+/);
      const flags = words.filter((w) => w.startsWith('--'));
      const paths = words.filter((w) => !w.startsWith('--'));
      const from = flags.find((f) => f.startsWith('--from='))?.slice('--from='.length);
      return { from, sources: paths.slice(0, -1), destination: paths.at(-1) ?? '' };
    });
}

export function readDockerfile(): Dockerfile {
  return parseDockerfile(readFileSync(join(DEPLOY_DIR, 'Dockerfile'), 'utf8'));
}

export interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string };
  environment?: Record<string, string | number | boolean | null>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] | string };
  deploy?: { replicas?: number | string };
  command?: string[] | string;
  ports?: string[];
  expose?: string[];
  volumes?: string[];
  stop_grace_period?: string;
  init?: boolean;
}

export interface Compose {
  services: Record<string, ComposeService>;
}

export function readCompose(): Compose {
  return YAML.parse(readFileSync(join(DEPLOY_DIR, 'compose.yaml'), 'utf8')) as Compose;
}

/**
 * Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME:?message}` (an unset or empty NAME with `:?`
 * is an error, as `docker compose` makes it). `vars` plays the env file.
 */
export function interpolate(value: string, vars: Record<string, string | undefined>): string {
  return value.replace(
    /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::([-?])([^}]*))?\}/g,
    (_m, name: string, op: string | undefined, word: string) => {
      const v = vars[name];
      if (v !== undefined && v !== '') return v;
      if (op === '?') throw new Error(`${name}: ${word}`);
      return op === '-' ? word : '';
    },
  );
}

/** A service's environment as the container would get it, for the given env-file values. */
export function serviceEnvironment(
  service: ComposeService,
  vars: Record<string, string | undefined>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(service.environment ?? {})) out[k] = interpolate(String(v ?? ''), vars);
  return out;
}

export function readCaddyfile(): string {
  return readFileSync(join(DEPLOY_DIR, 'Caddyfile'), 'utf8');
}
