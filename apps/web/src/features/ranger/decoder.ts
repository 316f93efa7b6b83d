/**
 * Reads a QR code from a video frame: the browser's `BarcodeDetector` where it has one (Android's
 * Chrome, Safari), else ZXing-C++ compiled to WebAssembly (`zxing-wasm`'s reader, maintained),
 * loaded only then, so the app's shell stays small. The WebAssembly file is one of the build's
 * own: the ranger's worker keeps it for offline use, nothing is fetched from elsewhere.
 */

export type FrameDecoder = (source: HTMLVideoElement | HTMLCanvasElement) => Promise<string | null>;

type Detector = { detect(source: CanvasImageSource): Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

async function nativeDecoder(): Promise<FrameDecoder | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    if (!(await Native.getSupportedFormats()).includes('qr_code')) return null;
    const detector = new Native({ formats: ['qr_code'] });
    return async (source) => (await detector.detect(source))[0]?.rawValue ?? null;
  } catch {
    return null;
  }
}

let canvas: HTMLCanvasElement | null = null;

/** The frame as pixels: the video drawn on a canvas, at most 1,024 px on its longer side. */
function framePixels(source: HTMLVideoElement | HTMLCanvasElement): ImageData | null {
  const width = source instanceof HTMLVideoElement ? source.videoWidth : source.width;
  const height = source instanceof HTMLVideoElement ? source.videoHeight : source.height;
  if (!width || !height) return null;
  const scale = Math.min(1, 1024 / Math.max(width, height));
  canvas ??= document.createElement('canvas');
  canvas.width = Math.round(width * scale);
  canvas.height = Math.round(height * scale);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, canvas.width, canvas.height);
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

export async function loadWasmDecoder(): Promise<FrameDecoder> {
  const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
    import('zxing-wasm/reader'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
    fireImmediately: true,
  });
  return async (source) => {
    const pixels = framePixels(source);
    if (!pixels) return null;
    const [found] = await readBarcodes(pixels, {
      formats: ['QRCode'],
      tryHarder: true,
      maxNumberOfSymbols: 1,
    });
    return found?.isValid ? found.text : null;
  };
}

let decoder: Promise<FrameDecoder> | null = null;

/** The decoder this browser uses, made once. */
export function frameDecoder(): Promise<FrameDecoder> {
  decoder ??= nativeDecoder().then((native) => native ?? loadWasmDecoder());
  return decoder;
}
