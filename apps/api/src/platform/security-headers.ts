import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { type Config, tileSource } from './config.ts';

/**
 * Helmet's headers for `options`, worked out once. Helmet is Express middleware that builds them
 * again on every response (its Fastify plugin even parses the CSP directives per request); ours
 * are the same for every answer, so they are computed at start-up and copied onto each reply.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** Sends the headers of `options` with every answer, routes and errors alike. */
export function installSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The Content-Security-Policy of every answer: our own origin, plus Stripe and the map tiles where used. */
export function contentSecurityPolicy(config: Config): HelmetOptions['contentSecurityPolicy'] {
  // Stripe.js takes the card in its own frames; it runs only where Stripe takes the cards.
  const stripe = config.payments.stripe?.publishableKey
    ? {
        scripts: ['https://js.stripe.com', 'https://*.js.stripe.com'],
        frames: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      }
    : { scripts: [], frames: [], connect: [] };
  return {
    directives: {
      'default-src': ["'self'"],
      // 'wasm-unsafe-eval' lets the rangers' app compile its QR decoder (WebAssembly, a file of
      // this build) where the browser has no BarcodeDetector; it allows no JavaScript eval. For
      // every page, as the app's offline shell is the same index.html (ADR 048).
      'script-src': ["'self'", "'wasm-unsafe-eval'", ...stripe.scripts],
      'style-src': ["'self'", "'unsafe-inline'"],
      // blob: shows a member's photo kept on the phone (IndexedDB) before it is uploaded.
      'img-src': ["'self'", 'data:', 'blob:', tileSource(config.map.tileUrl)],
      'connect-src': ["'self'", ...stripe.connect],
      'frame-src': stripe.frames.length ? stripe.frames : ["'none'"],
      'font-src': ["'self'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
      'frame-ancestors': ["'none'"],
      'form-action': ["'self'"],
      'upgrade-insecure-requests': config.env === 'production' ? [] : null,
    },
  };
}
