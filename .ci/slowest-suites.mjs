// Prints the ten slowest test files of each jest run whose --json output is named on the command
// line (`label=file`), so where CI's time goes is read at the end of every run.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

for (const argument of process.argv.slice(2)) {
  const [label, file] = argument.split('=');
  let results;
  try {
    results = JSON.parse(readFileSync(file, 'utf8')).testResults;
  } catch {
    console.log(`\n${label}: no timings (the run ended before jest wrote them)`);
    continue;
  }
  const suites = results.map((suite) => ({ name: relative(process.cwd(), suite.name), seconds: (suite.endTime - suite.startTime) / 1000 }));
  const total = suites.reduce((sum, suite) => sum + suite.seconds, 0);
  console.log(`\n${label}: the ten slowest of ${suites.length} test files (${Math.round(total)} s in all)`);
  for (const suite of suites.sort((a, b) => b.seconds - a.seconds).slice(0, 10)) {
    console.log(`${suite.seconds.toFixed(1).padStart(7)} s  ${suite.name}`);
  }
}
