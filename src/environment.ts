/** Facts about the machine, recorded once in the results log header. */
import os from 'node:os';

export function collectEnvironment(): Record<string, unknown> {
  const cpus = os.cpus();
  return {
    os: `${os.type()} ${os.release()}`,
    arch: os.arch(),
    cpuModel: cpus[0]?.model ?? null,
    cpuCount: cpus.length,
    memoryBytes: os.totalmem(),
    node: process.version,
    loadAvg: os.loadavg(),
  };
}
