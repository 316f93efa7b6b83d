import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { iconFilesByName, iconNames } from './code-splitting.ts';

describe('the icons the start brings', () => {
  it('are the ones our modules name, aliases and type imports included', () => {
    const code = [
      "import { ChevronLeft, Map as MapIcon, type LucideIcon } from 'lucide-react';",
      'import { useState } from "react";',
      'import {\n  Fish,\n  Snowflake,\n} from "lucide-react";',
    ].join('\n');
    expect(iconNames(code)).toEqual(['ChevronLeft', 'Map', 'LucideIcon', 'Fish', 'Snowflake']);
  });

  it("are found in the icons' package under each name it exports them by", () => {
    const require = createRequire(import.meta.url);
    const esm = resolve(dirname(require.resolve('lucide-react')), '../esm');
    const barrel = resolve(esm, 'lucide-react.mjs');
    const code = readFileSync(barrel, 'utf8');
    const importedIds = [...code.matchAll(/from '(\.\/icons\/[^']+)'/g)].map(([, path]) =>
      resolve(esm, path as string),
    );
    const context = {
      getModuleIds: () => [barrel][Symbol.iterator](),
      getModuleInfo: (id: string) => (id === barrel ? { code, importedIds } : null),
    } as unknown as Rollup.PluginContext;
    const files = iconFilesByName(context);
    expect(files.get('Fish')).toBe(resolve(esm, 'icons/fish.mjs'));
    expect(files.get('FishIcon')).toBe(resolve(esm, 'icons/fish.mjs'));
    expect(files.get('ChevronLeft')).toBe(resolve(esm, 'icons/chevron-left.mjs'));
    expect(files.has('LucideIcon')).toBe(false);
  });
});
