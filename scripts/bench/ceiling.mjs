// The server's own ceiling: the shop's cheapest answers (the health check, with its one database
// round trip, and built files) against a bare Node HTTP server answering the same bytes (status,
// headers, body) in a process of its own, rounds of the two interleaved, medians of the rounds.
// The ratio says what the shop's own machinery costs over what Node and the machine allow.
// On PostgreSQL (full run), the health check is also measured against the bare server making the
// health check's own query through node-postgres first: what any Node server with this driver
// and one round trip per request reaches here.
//
// `node scripts/bench/ceiling.mjs --bare` is the bare server (started by serverCeiling).
import { spawn } from 'node:child_process';
import { createServer, get } from 'node:http';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const SELF = fileURLToPath(import.meta.url);

/** Headers Node writes by itself on every answer (the bare server's own are the same). */
const NODE_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

/** The health check's query (features/health/routes.ts), prepared once per connection as the shop does. */
const HEALTH_QUERY = {
  name: 'health',
  text: 'SELECT max(version) AS version FROM schema_migrations WHERE version >= $1',
  values: [1],
};

/** What a browser sends for a built file: the shop answers it with the Brotli file. */
const BROWSER = { 'accept-encoding': 'gzip, deflate, br' };

const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round2 = (value) => Math.round(value * 100) / 100;

/**
 * Measures the shop's health check and built files against the bare server, interleaved. `files`
 * false measures the health check alone (the files do not depend on the database); `quick` leaves
 * out the hashed file (the small one shows the same machinery) and the driver's reference;
 * `databaseUrl` (PostgreSQL) adds the bare server with the health check's query (`driver`).
 * Returns one row per target:
 * { name, kind: 'ceiling', path, bytes, headerBytes, scenario, baseline, driver?, ratio }.
 */
export async function serverCeiling(shop, options) {
  const { rounds, seconds, warmupSeconds, connections, quick = false, files = true } = options;
  const log = options.log ?? console.log;
  const databaseUrl = quick ? null : (options.databaseUrl ?? null);
  const targets = [
    { name: 'Health check (one database round trip)', path: '/api/health', headers: {}, query: true },
  ];
  if (files) {
    targets.push({ name: 'Built file, small, not hashed', path: '/logo.svg', headers: BROWSER });
    const asset = quick ? null : await hashedAsset(shop.url);
    if (asset) targets.push({ name: 'Built file, hashed (Brotli)', path: asset, headers: BROWSER });
  }
  const answers = [];
  for (const target of targets) answers.push(await recordAnswer(shop.url, target));
  const bare = await startBare(answers, databaseUrl);
  const cannon = (url, headers, duration) =>
    new Promise((resolve, reject) => {
      autocannon({ url, connections, duration, headers }, (error, result) =>
        error ? reject(error) : resolve(result),
      );
    });
  const figures = (result) => ({
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  });
  const summary = (list) => ({
    rps: Math.round(median(list.map((r) => r.rps))),
    p50: median(list.map((r) => r.p50)),
    p99: median(list.map((r) => r.p99)),
    errors: list.reduce((sum, r) => sum + r.errors, 0),
  });
  const rows = [];
  try {
    for (const [index, target] of targets.entries()) {
      const shopUrl = `${shop.url}${target.path}`;
      const bareUrl = `${bare.url}/${index}`;
      const driverUrl = target.query && databaseUrl ? `${bare.url}/query/${index}` : null;
      for (const url of [shopUrl, bareUrl, driverUrl]) {
        if (url) await cannon(url, target.headers, warmupSeconds);
      }
      const measured = { scenario: [], baseline: [], driver: [] };
      for (let round = 0; round < rounds; round += 1) {
        measured.baseline.push(figures(await cannon(bareUrl, target.headers, seconds)));
        if (driverUrl) measured.driver.push(figures(await cannon(driverUrl, target.headers, seconds)));
        measured.scenario.push(figures(await cannon(shopUrl, target.headers, seconds)));
      }
      const s = summary(measured.scenario);
      const b = summary(measured.baseline);
      const d = driverUrl ? summary(measured.driver) : null;
      const row = {
        name: target.name,
        kind: 'ceiling',
        path: target.path,
        bytes: answers[index].body.length,
        headerBytes: answers[index].headerBytes,
        connections,
        scenario: s,
        baseline: b,
        ...(d ? { driver: d } : {}),
        ratio: {
          rps: round2(s.rps / b.rps),
          p99: round2(s.p99 / Math.max(b.p99, 1)),
          ...(d ? { driverRps: round2(d.rps / b.rps), ofDriver: round2(s.rps / d.rps) } : {}),
        },
      };
      log(
        `${row.name} ${row.path}: ${s.rps} req/s p99 ${s.p99} ms; bare Node ${b.rps} req/s p99 ${b.p99} ms (${Math.round(row.ratio.rps * 100)} %)${d ? `; bare Node with the query ${d.rps} req/s p99 ${d.p99} ms` : ''}`,
      );
      rows.push(row);
    }
  } finally {
    await bare.stop();
  }
  return rows;
}

/** A hashed file the home page loads (its stylesheet, or else its script). */
async function hashedAsset(url) {
  const html = await (await fetch(`${url}/`)).text();
  const files = [...html.matchAll(/["'](\/assets\/[^"'?#]+\.(?:css|js))["']/g)].map((match) => match[1]);
  return files.find((file) => file.endsWith('.css')) ?? files[0] ?? null;
}

/** The shop's answer as sent on the wire for these request headers: status, headers, body. */
function recordAnswer(url, target) {
  return new Promise((resolve, reject) => {
    const request = get(`${url}${target.path}`, { headers: target.headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        if (response.statusCode !== 200) {
          reject(new Error(`${target.path} answered ${response.statusCode}`));
          return;
        }
        const headers = [];
        const raw = response.rawHeaders;
        for (let i = 0; i < raw.length; i += 2) {
          if (!NODE_HEADERS.has(raw[i].toLowerCase())) headers.push(raw[i], raw[i + 1]);
        }
        resolve({
          status: response.statusCode,
          headers,
          body: Buffer.concat(chunks),
          headerBytes: headers.reduce((sum, part) => sum + part.length + 2, 0),
        });
      });
    });
    request.on('error', reject);
  });
}

/**
 * The bare server in a process of its own, answering `/<index>` with each recorded answer, and
 * `/query/<index>` with it after the health check's query (with a database).
 */
async function startBare(answers, databaseUrl) {
  const child = spawn(process.execPath, [SELF, '--bare'], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(
    JSON.stringify({
      databaseUrl,
      answers: answers.map((answer) => ({ ...answer, body: answer.body.toString('base64') })),
    }),
  );
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the bare server exited with ${code}`)));
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.removeAllListeners('exit');
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * The bare server: a node:http server writing each recorded answer, nothing else; on
 * `/query/<index>`, after one query through a node-postgres pool as large as the shop's (10).
 */
async function runBare() {
  let input = '';
  for await (const chunk of process.stdin) input += chunk;
  const { databaseUrl, answers: recorded } = JSON.parse(input);
  const answers = recorded.map((answer) => ({ ...answer, body: Buffer.from(answer.body, 'base64') }));
  const pool = databaseUrl ? new pg.Pool({ connectionString: databaseUrl, max: 10 }) : null;
  const send = (res, answer) => {
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  };
  const server = createServer((req, res) => {
    const [, first, second] = (req.url ?? '').split('/');
    const answer = answers[Number(second ?? first)];
    if (!answer || (second !== undefined && (first !== 'query' || !pool))) {
      res.writeHead(404);
      res.end();
      return;
    }
    if (second === undefined) return send(res, answer);
    pool.query(HEALTH_QUERY).then(
      () => send(res, answer),
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  // The shop's keep-alive (main.ts), so the headers Node adds are the same bytes too.
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
  process.on('SIGTERM', () => process.exit(0));
}

if (process.argv[1] === SELF && process.argv.includes('--bare')) await runBare();
