// `npm test`'s build step: runs `npm run build` as `npm start` does and fails when it prints
// anything but its summary line. A newcomer's first start shows this output; warnings, chunk
// tables and reports belong behind BUILD_VERBOSE=1 (issue 13: no wall of warnings unless asked).
import { spawn } from 'node:child_process';

/** What a quiet build may print, line by line. */
const EXPECTED_BUILD_LINES = [/^compressed \d+ client files \(\.br, \.gz\)$/];

// biome-ignore lint/suspicious/noControlCharactersInRegex: terminal colours are what it removes.
const stripColours = (text) => text.replace(/\u001b\[[0-9;]*m/g, '');

/** The lines of a build's output that a quiet build does not print. */
function unexpectedBuildLines(output) {
  return stripColours(output)
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line) => line !== '' && !EXPECTED_BUILD_LINES.some((pattern) => pattern.test(line)));
}

const child = spawn('npm', ['run', '--silent', 'build'], { stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
for (const stream of [child.stdout, child.stderr]) {
  stream.on('data', (chunk) => {
    output += chunk.toString();
    (stream === child.stdout ? process.stdout : process.stderr).write(chunk);
  });
}
const code = await new Promise((resolve) => child.on('close', resolve));
if (code !== 0) process.exit(code ?? 1);
const unexpected = process.env.BUILD_VERBOSE ? [] : unexpectedBuildLines(output);
if (unexpected.length > 0) {
  console.error(
    `\nThe build printed ${unexpected.length} line(s) a quiet build does not (warnings and reports belong behind BUILD_VERBOSE=1):`,
  );
  for (const line of unexpected) console.error(`  ${line}`);
  process.exit(1);
}
