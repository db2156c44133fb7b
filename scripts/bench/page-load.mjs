// Readers of one page, in their own process (drop day's crowd): as many connections as asked for,
// for as long as asked, every response's end time (epoch ms) and latency kept. The benchmark's
// own process then times the buyers without sharing its event loop with hundreds of readers, as
// real shoppers' phones do not share one either.
//   node scripts/bench/page-load.mjs <url> <connections> <seconds>  → JSON on stdout
import autocannon from 'autocannon';

const [url, connections, seconds] = process.argv.slice(2);
const ends = [];
const latencies = [];
let errors = 0;
const instance = autocannon(
  { url, connections: Number(connections), duration: Number(seconds) },
  (error, result) => {
    if (error) {
      console.error(error);
      process.exit(1);
    }
    process.stdout.write(
      JSON.stringify({
        ends,
        latencies,
        errors: errors + result.errors + result.timeouts,
        rps: result.requests.average,
      }),
    );
  },
);
instance.on('response', (_client, status, _bytes, ms) => {
  ends.push(Date.now());
  latencies.push(ms);
  if (status !== 200) errors += 1;
});
