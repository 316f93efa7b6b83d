import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';

/**
 * Words shaped (kerning, ligatures, accents placed) kept per font. Labels, dates, areas and rules
 * come back on every ticket; holder names and codes do not, so the cache is emptied when full.
 */
const SHAPED_WORDS_LIMIT = 20_000;

type SharedFont = {
  /** The parsed font, as pdfkit gets it: words are shaped once per process. */
  source: fontkit.Font;
  /** fontkit's own glyph objects: forgotten before each document, see `fontForDocument`. */
  parsed: fontkit.Font & { _glyphs: Record<number, fontkit.Glyph> };
};

const sharedFonts = new Map<string, SharedFont>();

/**
 * pdfkit lays every word out with fontkit, then copies the positions and scales them in place:
 * a shaped word is kept once and each caller gets positions of its own.
 */
function shapingOnce(font: fontkit.Font): fontkit.Font {
  const shaped = new Map<string, fontkit.GlyphRun>();
  const layout = (text: string, ...rest: unknown[]): fontkit.GlyphRun => {
    // Extra features or a script asked for: not the plain shaping the cache holds.
    if (rest.some((argument) => argument !== undefined)) {
      return (font.layout as (...args: unknown[]) => fontkit.GlyphRun)(text, ...rest);
    }
    let run = shaped.get(text);
    if (!run) {
      if (shaped.size >= SHAPED_WORDS_LIMIT) shaped.clear();
      run = font.layout(text);
      shaped.set(text, run);
    }
    const copy: fontkit.GlyphRun = Object.create(Object.getPrototypeOf(run));
    return Object.assign(copy, run, { positions: run.positions.map((position) => ({ ...position })) });
  };
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(font, {
    get(target, key) {
      if (key === 'layout') return layout;
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      // Methods run on the font itself, so fontkit's caches stay on the one parsed font.
      let method = bound.get(key);
      if (!method) {
        method = value.bind(target);
        bound.set(key, method);
      }
      return method;
    },
  });
}

function loadSharedFont(path: string): SharedFont {
  const parsed = fontkit.create(readFileSync(path));
  if (!('layout' in parsed)) throw new Error(`${path} is a font collection, not one font`);
  const glyphCache = parsed as SharedFont['parsed'];
  if (typeof glyphCache._glyphs !== 'object')
    throw new Error('fontkit changed: the glyph objects to forget per document are not in _glyphs');
  return { source: shapingOnce(parsed), parsed: glyphCache };
}

/**
 * The TrueType font at `path` for one new document, parsed once per process: parsing it and
 * decoding its layout tables took two thirds of a ticket PDF's time when pdfkit did it for every
 * document. pdfkit still makes each document its own subset of the glyphs it uses.
 *
 * fontkit keeps a glyph object per glyph, with the characters it was first looked up for. A
 * subset asks for the parts of an accented letter (the Z of Ž) without characters, and a later
 * document reusing that Z would tell PDF readers it stands for nothing: search and copy lose
 * the letter. So the glyph objects are forgotten before each document, and a document must be
 * drawn and ended in one go, as pdfkit does synchronously, before the next one asks for its font.
 */
export function fontForDocument(path: string): PDFKit.Mixins.PDFFontSource {
  let font = sharedFonts.get(path);
  if (!font) {
    font = loadSharedFont(path);
    sharedFonts.set(path, font);
  }
  font.parsed._glyphs = {};
  // pdfkit takes a parsed fontkit font as well as a file (its types only name the file forms).
  return font.source as unknown as PDFKit.Mixins.PDFFontSource;
}
