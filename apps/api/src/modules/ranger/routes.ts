import {
  consoleRangerDeviceRevoke,
  consoleRangerDevices,
  rangerBundle,
  rangerEnrol,
  rangerUses,
} from '@sentiero/contract/ranger';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../platform/http.ts';
import { type BundleDeps, rangerBundle as buildRangerBundle } from './bundle.ts';
import { enrolDevice, listRangerDevices, revokeRangerDevice } from './devices.ts';
import { syncUses } from './uses-sync.ts';

/** Rangers in the field (issue 24, ADR 043): enrolment, the bundle, the uses; the console's devices. */
export function registerRangerRoutes(app: FastifyInstance, deps: BundleDeps) {
  registerEndpoint(app, rangerEnrol, (ctx, input) => enrolDevice(ctx, input, deps.signer));
  registerEndpoint(app, rangerBundle, (ctx, input) => buildRangerBundle(ctx, input, deps));
  registerEndpoint(app, rangerUses, (ctx, input) => syncUses(ctx, input));
  registerEndpoint(app, consoleRangerDevices, (ctx) => listRangerDevices(ctx));
  registerEndpoint(app, consoleRangerDeviceRevoke, (ctx, input) => revokeRangerDevice(ctx, input));
}
