import { pino } from 'pino';

export type Logger = pino.Logger;
export type LogFormat = 'json' | 'pretty';

/**
 * Logs on stdout; secrets never reach them (see `redact`). `json`: one structured line per event
 * (production, log collectors). `pretty`: the same events as short lines a person reads
 * (development): a request as `GET /path 200 3ms`, an email with its links on lines of their own.
 */
export function createLogger(level: string, format: LogFormat = 'json'): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: {
      paths: [
        'password',
        '*.password',
        'newPassword',
        '*.newPassword',
        'currentPassword',
        '*.currentPassword',
        'headers.cookie',
        'headers.authorization',
      ],
      censor: '[redacted]',
    },
  };
  if (format === 'json') return pino(options);
  return pino(options, { write: (line: string) => void process.stdout.write(prettyLine(line)) });
}

const LEVELS: Record<number, string> = {
  10: 'trace',
  20: 'debug',
  30: 'info ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
// Fields every line has, that the short form already shows, or that only matter when tracing.
const HIDDEN = new Set(['level', 'time', 'msg', 'err', 'links']);
const QUIET = new Set(['reqId', 'module', 'job', 'jobId', 'attempt', 'emailId', 'to', 'subject']);

/** One pino JSON line as the human form; anything that is not JSON passes through unchanged. */
export function prettyLine(json: string): string {
  let event: Record<string, unknown>;
  try {
    event = JSON.parse(json);
  } catch {
    return json;
  }
  const time = typeof event.time === 'string' ? event.time.slice(11, 19) : '';
  const level = LEVELS[Number(event.level)] ?? 'info ';
  let text: string;
  if (event.msg === 'request' && typeof event.method === 'string') {
    text = `${event.method} ${event.path} ${event.status} ${event.ms}ms`;
  } else {
    text = String(event.msg ?? '');
    const extra = Object.entries(event)
      .filter(([key, value]) => !HIDDEN.has(key) && value !== undefined)
      .filter(([key]) => Number(event.level) >= 40 || !QUIET.has(key))
      .map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
    if (extra.length > 0) text += `  ${extra.join(' ')}`;
  }
  if (Array.isArray(event.links)) {
    for (const link of event.links) text += `\n           → ${link}`;
  }
  const err = event.err as { stack?: string; message?: string } | undefined;
  if (err) text += `\n${(err.stack ?? err.message ?? '').replace(/^/gm, '           ')}`;
  return `${time} ${level} ${text}\n`;
}
