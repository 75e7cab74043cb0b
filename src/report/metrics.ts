/**
 * metrics.txt: OpenMetrics text for GitLab's `artifacts:reports:metrics` (Premium), which shows
 * each series beside its value on the target branch.
 *
 * GitLab's reader drops everything after a `#` on a line and splits the rest like a shell
 * command, so label values lose `#`, quotes, backslashes and control characters (each becomes
 * `_`, as do bidirectional controls); what is left is valid OpenMetrics and survives GitLab's parser whole.
 */
import type { Comparison, ComparisonResult, Verdict } from '../model.js';
import { isSequentiallyTested } from './adaptive.js';
import { clip } from './escape.js';

const UNSAFE_IN_LABEL = /[#"'\\\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

function labelValue(text: string): string {
  return clip(text, 120).replace(UNSAFE_IN_LABEL, '_');
}

function labels(values: Record<string, string>): string {
  return `{${Object.entries(values)
    .map(([k, v]) => `${k}="${labelValue(v)}"`)
    .join(',')}}`;
}

interface Family {
  name: string;
  help: string;
  value(c: Comparison): number | null | undefined;
  withUnit?: boolean;
}

const FAMILIES: Family[] = [
  { name: 'benchgate_change_percent', help: 'Percent change of the head median against the base median.', value: (c) => c.changePct },
  { name: 'benchgate_base_median', help: 'Median of the base samples, in the unit label.', value: (c) => c.base?.median, withUnit: true },
  { name: 'benchgate_head_median', help: 'Median of the head samples, in the unit label.', value: (c) => c.head?.median, withUnit: true },
  { name: 'benchgate_p_value_adjusted', help: 'Mann-Whitney p-value after the multiple-comparison correction.', value: (c) => c.pAdjusted },
];

/** rounds auto only: a fixed-rounds file keeps its families. */
const ADAPTIVE_FAMILIES: Family[] = [
  {
    name: 'benchgate_rounds_used',
    help: 'Rounds of data the sequential design decided a benchmark on (rounds: auto).',
    value: (c) => (isSequentiallyTested(c) ? c.sequential!.rounds : null),
  },
];

/** Six significant digits, without trailing zeros. */
function numberText(v: number): string {
  return String(Number(v.toPrecision(6)));
}

export function renderMetrics(result: ComparisonResult): string {
  const lines: string[] = [];
  for (const family of result.settings.adaptive ? [...FAMILIES, ...ADAPTIVE_FAMILIES] : FAMILIES) {
    lines.push(`# TYPE ${family.name} gauge`, `# HELP ${family.name} ${family.help}`);
    for (const c of result.comparisons) {
      const v = family.value(c);
      if (v === null || v === undefined || !Number.isFinite(v)) continue;
      const l: Record<string, string> = { suite: c.suite, benchmark: c.benchmark, metric: c.metric };
      if (family.withUnit) l.unit = c.unit;
      lines.push(`${family.name}${labels(l)} ${numberText(v)}`);
    }
  }
  lines.push('# TYPE benchgate_comparisons gauge', '# HELP benchgate_comparisons Comparisons per verdict.');
  for (const [verdict, n] of Object.entries(result.counts) as [Verdict, number][]) {
    lines.push(`benchgate_comparisons${labels({ verdict })} ${n}`);
  }
  lines.push('# EOF');
  return lines.join('\n') + '\n';
}
