import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { frameDecoder } from '../decoder.ts';

type CameraState = 'starting' | 'scanning' | 'denied' | 'unavailable';

/** A frame every this many milliseconds: quick enough to feel instant, light on a phone's battery. */
const FRAME_MS = 120;

/**
 * The rear camera, reading QR codes until `onCode` takes one (it answers false to keep reading);
 * stopped when the component goes away, idle while `paused` (the ranger is typing a code). A
 * camera refused or missing says so, and the typed code still works.
 */
export function Camera({ onCode, paused = false }: { onCode(text: string): boolean; paused?: boolean }) {
  const { t } = useTranslation('ranger');
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const found = useRef(onCode);
  found.current = onCode;
  const idle = useRef(paused);
  idle.current = paused;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
          audio: false,
        });
      } catch (error) {
        setState((error as DOMException).name === 'NotAllowedError' ? 'denied' : 'unavailable');
        return;
      }
      if (stopped || !video.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setState('scanning');
      const decode = await frameDecoder();
      const tick = async () => {
        if (stopped || !video.current) return;
        const ready = !idle.current && video.current.readyState >= 2;
        const text = ready ? await decode(video.current).catch(() => null) : null;
        if (stopped) return;
        if (!text || !found.current(text)) timer = setTimeout(() => void tick(), FRAME_MS);
      };
      void tick();
    }
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <div className="relative aspect-square w-full overflow-hidden rounded-xl bg-stone-900">
      <video ref={video} muted playsInline className="size-full object-cover" aria-label={t('scan.camera')} />
      {state === 'scanning' && (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-[15%] rounded-lg border-4 border-white/90"
        />
      )}
      {state !== 'scanning' && (
        <p className="absolute inset-0 flex items-center justify-center p-6 text-center font-semibold text-white text-xl">
          {t(`scan.camera_${state}`)}
        </p>
      )}
    </div>
  );
}
