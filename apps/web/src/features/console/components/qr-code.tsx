import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A text (the authenticator key's otpauth URI) as a QR code an authenticator app scans. */
export function QrCode({ text, alt }: { text: string; alt: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      .then((drawn) => current && setSvg(drawn))
      .catch(() => current && setSvg(null));
    return () => {
      current = false;
    };
  }, [text]);
  if (!svg) return null;
  return (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={alt}
      width={208}
      height={208}
      className="size-52 rounded-md border border-stone-200 bg-white"
    />
  );
}
