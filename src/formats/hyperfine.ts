/**
 * hyperfine `--export-json`: `results[].times` (seconds, one per run) and, from 1.20,
 * `memory_usage_byte` (peak RSS per run). A command listed twice gets " (#2)" appended so its
 * samples are not merged with the first's.
 */
import { JsonShape, parseJson } from './json.js';
import { head } from './lines.js';
import { MeasurementSet } from './measurements.js';
import type { FormatParser } from './types.js';

const NAME = 'hyperfine';
const shape = new JsonShape(NAME);

export const hyperfine: FormatParser = {
  name: NAME,
  description: 'hyperfine --export-json',

  detect(text) {
    const start = head(text, 16 * 1024);
    return /^\s*\{\s*"results"\s*:\s*\[/.test(start) && start.includes('"command"') && start.includes('"times"');
  },

  parse(text) {
    const root = shape.object(parseJson(NAME, text), 'the top level');
    const set = new MeasurementSet(NAME, (metric) => ({ role: metric === 'time' ? 'primary' : 'secondary' }));
    const seen = new Map<string, number>();
    shape.array(root.results, 'results').forEach((item, i) => {
      const path = `results[${i}]`;
      const result = shape.object(item, path);
      const command = shape.string(result.command, `${path}.command`);
      const occurrence = (seen.get(command) ?? 0) + 1;
      seen.set(command, occurrence);
      const name = occurrence === 1 ? command : `${command} (#${occurrence})`;
      for (const time of shape.numbers(result.times, `${path}.times`)) set.add(name, 'time', 's', 'lower', time);
      if (result.memory_usage_byte !== undefined) {
        for (const bytes of shape.numbers(result.memory_usage_byte, `${path}.memory_usage_byte`))
          set.add(name, 'memory', 'B', 'lower', bytes);
      }
    });
    return set.toArray();
  },
};
