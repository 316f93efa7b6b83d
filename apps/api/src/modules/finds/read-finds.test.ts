import { MAX_IMPORT_FINDS, MAX_NOTES_LENGTH } from '@sentiero/contract/finds-limits';
import { describe, expect, it } from 'vitest';
import { ImportError } from './files.ts';
import { readFindsFileInThread } from './import-thread.ts';
import { bounded, readFindsFile } from './read-finds.ts';

/*
 * Imported files at their worst (issue 21, item 1): every text is cut to its bound before it is
 * read, the GPX parser refuses what is not a well-formed GPX file, and a file that needs more CPU
 * than its budget is refused. The old reader took minutes over some of these 1 MiB files; the
 * test's own time limit catches that.
 */

const MiB = 1024 * 1024;
const today = '2026-09-20';
const read = (text: string) => readFindsFile(text, { today });

const problemOf = (text: string) => {
  try {
    read(text);
  } catch (error) {
    if (error instanceof ImportError) return error.problem;
    throw error;
  }
  return 'read';
};

/** `unit` repeated between `head` and `tail` up to 1 MiB: the largest file an upload may be. */
const fill = (head: string, unit: string, tail: string) =>
  head + unit.repeat(Math.floor((MiB - head.length - tail.length) / unit.length)) + tail;

const geoJsonPoint = (properties: Record<string, unknown>) =>
  JSON.stringify({ type: 'Feature', geometry: { type: 'Point', coordinates: [9.1, 45.2] }, properties });

/** A GPX file as a GPS app writes it: 2,000 waypoints and a track filling the rest of 1 MiB. */
function largeGpx(): string {
  const waypoints = Array.from(
    { length: MAX_IMPORT_FINDS },
    (_, i) =>
      `<wpt lat="46.${i}" lon="11.${i}"><ele>1200</ele><time>2026-07-04T06:12:00Z</time><name>Porcino (Boletus edulis)</name><desc>note ${i}</desc></wpt>`,
  ).join('\n');
  const head = `<?xml version="1.0"?><gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1">${waypoints}<trk><trkseg>`;
  return fill(head, '<trkpt lat="46.1" lon="11.1"><ele>1234.5</ele></trkpt>', '</trkseg></trk></gpx>');
}

describe('the bounds of imported texts', () => {
  it('cuts a name to 200 characters before reading it: 1 MiB of "(" is a label of 200', () => {
    const [row] = read(geoJsonPoint({ name: '('.repeat(MiB - 100) }));
    expect(row?.notes).toBe('('.repeat(200));
    const gpx = fill('<gpx><wpt lat="45" lon="9"><name>', '(', '</name></wpt></gpx>');
    expect(read(gpx)[0]?.notes).toBe('('.repeat(200));
  });

  it('keeps notes within the notebook’s limit, however long the description is', () => {
    const [row] = read(geoJsonPoint({ notes: 'x'.repeat(MiB - 100) }));
    expect(row?.notes).toHaveLength(MAX_NOTES_LENGTH);
    const gpx = fill('<gpx><wpt lat="45" lon="9"><desc>', 'Porcino &amp; ', '</desc></wpt></gpx>');
    expect(read(gpx)[0]?.notes.length).toBeLessThanOrEqual(MAX_NOTES_LENGTH);
  });

  it('never cuts a character in half', () => {
    expect(bounded('ab🍄', 3)).toBe('ab');
    expect(bounded('ab🍄', 4)).toBe('ab🍄');
  });

  it('still reads species from names as our export writes them, and from Latin names alone', () => {
    const species = (name: string) => read(geoJsonPoint({ name }))[0]?.speciesCode ?? null;
    const rows = [
      'Porcino (Boletus edulis)',
      'Jurček (Boletus edulis)',
      'my spot (cantharellus cibarius)',
    ].map((name) => read(geoJsonPoint({ name }))[0]?.speciesCode);
    expect(rows).toEqual(['boletus-edulis', 'boletus-edulis', 'cantharellus-cibarius']);
    expect(species('((((')).toBeNull();
    expect(read(geoJsonPoint({ name: 'Under the (old) oak' }))[0]).toMatchObject({
      speciesCode: null,
      notes: 'Under the (old) oak',
    });
  });

  it('decodes character references and keeps CDATA as written', () => {
    const gpx = `<gpx><wpt lat="45" lon="9"><name>Fosso &amp; &#233;&#x1F344;</name><desc>a &lt;b&gt; <![CDATA[<i>&amp;</i>]]></desc></wpt></gpx>`;
    expect(read(gpx)[0]?.notes).toBe('Fosso & é🍄 — a <b> <i>&amp;</i>');
  });
});

describe('hostile GPX files of 1 MiB', () => {
  it.each([
    [
      'thousands of waypoints that share one closing tag',
      fill('<gpx>', '<wpt lat="1" lon="1"><name>x</name>', '</wpt></gpx>'),
    ],
    ['a flood of "<"', fill('<gpx>', '<', '</gpx>')],
    ['elements nested 150,000 deep', `<gpx>${'<a>'.repeat(149_000)}${'</a>'.repeat(149_000)}</gpx>`],
    ['an attribute repeated', fill('<gpx><wpt lat="1" lon="1"', ' a="x"', '/></gpx>')],
  ])('refuses %s as unreadable', (_name, text) => {
    expect(problemOf(text)).toBe('importUnreadable');
  });

  it('reads a waypoint among 100,000 attributes', () => {
    let attributes = '';
    for (let i = 0; attributes.length < MiB - 100; i++) attributes += ` a${i}="x"`;
    expect(read(`<gpx><wpt lat="1" lon="2"${attributes}/></gpx>`)).toEqual([
      { latitude: 1, longitude: 2, accuracyM: null, speciesCode: null, foundOn: today, notes: '' },
    ]);
  });

  it('refuses 47,000 closed waypoints as too many', () => {
    expect(problemOf(fill('<gpx>', '<wpt lat="1" lon="1"/>', '</gpx>'))).toBe('importTooMany');
  });
});

describe('the import thread', () => {
  it('reads a large real file, refuses one that takes more CPU than its budget, and reads the next', async () => {
    const file = largeGpx();
    expect(file.length).toBeGreaterThan(MiB - 100);
    const rows = await readFindsFileInThread(file, { today, unnamed: new Set() });
    expect(rows).toHaveLength(MAX_IMPORT_FINDS);
    expect(rows[0]).toMatchObject({ speciesCode: 'boletus-edulis', foundOn: '2026-07-04', notes: 'note 0' });

    await expect(readFindsFileInThread(file, { today, unnamed: new Set() }, 1)).rejects.toMatchObject({
      problem: 'importTooSlow',
    });
    const small = '<gpx><wpt lat="45" lon="9"/></gpx>';
    expect(await readFindsFileInThread(small, { today, unnamed: new Set() })).toHaveLength(1);
  });

  it('answers a problem of the file as the reader does', async () => {
    await expect(readFindsFileInThread('{"type": 1', { today, unnamed: new Set() })).rejects.toMatchObject({
      problem: 'importUnreadable',
    });
  });
});
