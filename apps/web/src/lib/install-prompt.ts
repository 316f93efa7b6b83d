/**
 * The browser's offer to install the site as an app (`beforeinstallprompt`, Chromium browsers),
 * kept from the moment the page starts: it comes once per page load, often before the page
 * that offers the install (`/app`) is drawn. The browser's own banner is held back, so the
 * offer is made where the member asked for the app.
 */
type InstallPromptEvent = Event & { prompt(): Promise<void>; userChoice: Promise<{ outcome: string }> };

let deferred: InstallPromptEvent | null = null;
let installed = false;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

export function keepInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as InstallPromptEvent;
    notify();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    installed = true;
    notify();
  });
}

/** For `useSyncExternalStore`: whether the offer is there, and whether the app was just installed. */
export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getInstallState(): 'available' | 'installed' | 'unavailable' {
  return installed ? 'installed' : deferred ? 'available' : 'unavailable';
}

/** Shows the browser's install dialog; the offer can be used once. */
export async function promptInstall(): Promise<boolean> {
  const event = deferred;
  if (!event) return false;
  deferred = null;
  await event.prompt();
  const { outcome } = await event.userChoice;
  notify();
  return outcome === 'accepted';
}
