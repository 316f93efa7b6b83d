import { MAX_IMPORT_FINDS } from '@sentiero/contract/finds-limits';
import { ImportError, readFindsFile, readFindsFileInThread } from '../../apps/api/src/modules/finds/index.ts';

/*
 * What reading an imported file costs (ADR 024): CPU time of `readFindsFile` for a real 1 MiB GPX
 * and the most hostile 1 MiB files we know, and the wall time of the same file through an import
 * thread. `npm run bench:finds-import`; the ADR's figures come from it.
 */

const MiB = 1024 * 1024;
const fill = (head: string, unit: string, tail: string) =>
  head + unit.repeat(Math.floor((MiB - head.length - tail.length) / unit.length)) + tail;

function realGpx(): string {
  const waypoints = Array.from(
    { length: MAX_IMPORT_FINDS },
    (_, i) =>
      `<wpt lat="46.${i}" lon="11.${i}"><ele>1200</ele><time>2026-07-04T06:12:00Z</time><name>Porcino (Boletus edulis)</name><desc>note ${i}</desc></wpt>`,
  ).join('\n');
  const head = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">${waypoints}<trk><trkseg>`;
  return fill(head, '<trkpt lat="46.1" lon="11.1"><ele>1234.5</ele></trkpt>', '</trkseg></trk></gpx>');
}

let attributes = '';
for (let i = 0; attributes.length < MiB - 100; i++) attributes += ` a${i}="x"`;

const files: Record<string, string> = {
  'real GPX: 2,000 waypoints and a track': realGpx(),
  'GeoJSON name of 1 MiB of "("': JSON.stringify({
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [9, 45] },
    properties: { name: '('.repeat(MiB - 100) },
  }),
  'GPX name of 1 MiB of "("': fill('<gpx><wpt lat="45" lon="9"><name>', '(', '</name></wpt></gpx>'),
  'waypoints sharing one closing tag': fill('<gpx>', '<wpt lat="1" lon="1"><name>x</name>', '</wpt></gpx>'),
  '1 MiB of "<"': fill('<gpx>', '<', '</gpx>'),
  '150,000 nested elements': `<gpx>${'<a>'.repeat(149_000)}${'</a>'.repeat(149_000)}</gpx>`,
  '100,000 attributes': `<gpx><wpt lat="1" lon="2"${attributes}/></gpx>`,
  '47,000 closed waypoints': fill('<gpx>', '<wpt lat="1" lon="1"/>', '</gpx>'),
};

const options = { today: '2026-09-20', unnamed: new Set<string>() };
const outcome = (run: () => unknown) => {
  try {
    const rows = run() as unknown[];
    return `${rows.length} rows`;
  } catch (error) {
    if (error instanceof ImportError) return error.problem;
    throw error;
  }
};

// The thread's first start (loading the reader's modules) is paid once per process.
let started = performance.now();
await readFindsFileInThread('<gpx><wpt lat="1" lon="1"/></gpx>', options);
console.log(`import thread started and answered in ${(performance.now() - started).toFixed(0)} ms`);

for (const [name, text] of Object.entries(files)) {
  const cpu = process.cpuUsage();
  const answer = outcome(() => readFindsFile(text, options));
  const { user, system } = process.cpuUsage(cpu);
  started = performance.now();
  const threadAnswer = await readFindsFileInThread(text, options).then(
    (rows) => `${rows.length} rows`,
    (error: unknown) => (error instanceof ImportError ? error.problem : String(error)),
  );
  const thread = performance.now() - started;
  console.log(
    `${name.padEnd(40)} ${answer.padEnd(18)} cpu ${((user + system) / 1000).toFixed(0).padStart(5)} ms   through a thread ${thread.toFixed(0).padStart(5)} ms (${threadAnswer})`,
  );
}
