/**
 * `/benchmark` in a pull request comment (docs/github-action.md, "A deep run on demand"): the
 * comment's grammar, and the request the accepting job hands to the measuring and publishing
 * jobs. Pure: no API, no file. Whoever wrote the comment, its text only ever becomes one of the
 * values below, each checked against a strict pattern, or a refusal.
 *
 *   /benchmark [deep] [rounds=N] [filter=GLOB]
 *
 * in any order, each at most once, alone in the comment (white space around it is allowed).
 */

/** What the comment asks for. */
export interface BenchmarkOptions {
  deep: boolean;
  /** rounds=N: the most rounds per side (rounds auto's max-rounds). */
  rounds?: number;
  /** filter=GLOB: handed to the bench command as BENCHMARK_FILTER (the template passes it on). */
  filter?: string;
}

/** What the accepting job fixed: everything later jobs act on (the GitHub job outputs). */
export interface BenchmarkRequest {
  pullRequest: number;
  commentId: number;
  /** Who asked (the comment's author, whose permission the API confirmed). */
  user: string;
  /** The pull request's head when the comment was read: the check goes on it. */
  head: string;
  /** GitHub's merge commit of that head, whose second parent is `head`: what is measured. */
  merge: string;
  /** The merge commit's first parent, the base branch tip it was made on: what it is compared with. */
  base: string;
  deep: boolean;
  maxRounds: number;
  maxTime: string;
  filter: string;
}

export const COMMAND = '/benchmark';
/** rounds=N at most: a maintainer's typo must not book the runner for a day. */
export const MAX_ROUNDS = 200;
/** filter=GLOB: benchmark-name characters and glob syntax only, so it is inert wherever it lands. */
const GLOB = /^[A-Za-z0-9_./*?[\]{},:=+-]{1,100}$/;
const SHA = /^[0-9a-f]{40}$/;
/** The budgets: `/benchmark` and `/benchmark deep`. */
export const BUDGETS = { normal: { maxRounds: 30, maxTime: '20m' }, deep: { maxRounds: 60, maxTime: '60m' } } as const;

export type Parsed = { kind: 'not-a-command' } | { kind: 'invalid'; why: string } | { kind: 'command'; options: BenchmarkOptions };

/**
 * The comment as a command. A comment that does not start with `/benchmark` is not one (the
 * workflow ignores it silently); one that does but has anything else is invalid, with the reason.
 */
export function parseComment(body: string): Parsed {
  const text = body.trim();
  const first = text.split(/\s+/, 1)[0] ?? '';
  if (first !== COMMAND) return { kind: 'not-a-command' };
  if (/[\r\n]/.test(text)) return { kind: 'invalid', why: `${COMMAND} takes one line: put nothing else in the comment` };
  const options: BenchmarkOptions = { deep: false };
  const seen = new Set<string>();
  for (const word of text.split(/[ \t]+/).slice(1)) {
    const [key, value] = word.includes('=') ? [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)] : [word, undefined];
    if (seen.has(key)) return { kind: 'invalid', why: `${shown(key)} is given twice` };
    seen.add(key);
    if (key === 'deep' && value === undefined) options.deep = true;
    else if (key === 'rounds' && value !== undefined) {
      if (!/^[1-9]\d{0,3}$/.test(value) || Number(value) < 2 || Number(value) > MAX_ROUNDS)
        return { kind: 'invalid', why: `rounds=N takes a whole number from 2 to ${MAX_ROUNDS}, not ${shown(value)}` };
      options.rounds = Number(value);
    } else if (key === 'filter' && value !== undefined) {
      if (!GLOB.test(value))
        return { kind: 'invalid', why: 'filter=GLOB takes 1 to 100 characters of letters, digits and _ . / * ? [ ] { } , : = + -' };
      options.filter = value;
    } else return { kind: 'invalid', why: `unknown option ${shown(word)}` };
  }
  return { kind: 'command', options };
}

/** A word of the comment quoted in a reply: clipped and stripped of anything but plain characters. */
function shown(word: string): string {
  const plain = word.replace(/[^A-Za-z0-9_.=/*?-]/g, '?');
  return `"${plain.length > 40 ? `${plain.slice(0, 40)}…` : plain}"`;
}

/** The budget of a command: deep's or the normal one, rounds=N over either. */
export function budgetOf(options: BenchmarkOptions): { maxRounds: number; maxTime: string } {
  const budget = options.deep ? BUDGETS.deep : BUDGETS.normal;
  return { maxRounds: options.rounds ?? budget.maxRounds, maxTime: budget.maxTime };
}

/**
 * The request as later jobs read it back (an environment variable set from the accepting job's
 * output): every field checked again, so a malformed value stops the job instead of reaching git.
 */
export function readRequest(text: string | undefined, where: string): BenchmarkRequest {
  let data: unknown;
  try {
    data = JSON.parse(text ?? '');
  } catch {
    throw new Error(`${where}: not the accepted /benchmark request (not JSON); run the accept job first`);
  }
  const r = data as Record<string, unknown>;
  const positive = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;
  const problems = [
    !positive(r.pullRequest) && 'pullRequest',
    !positive(r.commentId) && 'commentId',
    !(typeof r.user === 'string' && /^[A-Za-z0-9-[\]]{1,60}$/.test(r.user)) && 'user',
    ...(['head', 'merge', 'base'] as const).map((k) => !(typeof r[k] === 'string' && SHA.test(r[k])) && k),
    typeof r.deep !== 'boolean' && 'deep',
    !(positive(r.maxRounds) && (r.maxRounds as number) <= MAX_ROUNDS) && 'maxRounds',
    !(typeof r.maxTime === 'string' && /^\d{1,4}[smh]$/.test(r.maxTime)) && 'maxTime',
    !(typeof r.filter === 'string' && (r.filter === '' || GLOB.test(r.filter))) && 'filter',
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`${where}: the /benchmark request has a bad ${problems.join(', ')}`);
  return r as unknown as BenchmarkRequest;
}

/** The one-line usage every refusal of a malformed command ends with. */
export const USAGE = `usage: \`${COMMAND} [deep] [rounds=N] [filter=GLOB]\``;
