/**
 * Where anvil's binary is: `@foundry-rs/anvil` brings it as an optional dependency per platform
 * (`@foundry-rs/anvil-<platform>-<arch>`), so it is resolved through that package, never by a
 * path into node_modules, and never downloaded at run time. Undefined when the platform has no
 * package or the install left optional dependencies out (`--omit=optional`): the EVM chain is
 * then off, and the emulator says why.
 */
import { createRequire } from 'node:module';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ARCH: Readonly<Record<string, string>> = { x64: 'amd64', arm64: 'arm64' };

export interface AnvilBinary {
  path?: string;
  /** Why there is none (shown in the banner and in /__chains). */
  reason?: string;
}

export function resolveAnvilBinary(platform: string = process.platform, arch: string = process.arch): AnvilBinary {
  const cpu = ARCH[arch];
  if (!cpu || !['linux', 'darwin', 'win32'].includes(platform)) return { reason: `anvil has no binary for ${platform}-${arch}` };
  const name = `@foundry-rs/anvil-${platform}-${cpu}`;
  try {
    // The platform package is @foundry-rs/anvil's dependency, not ours: resolved from anvil's own
    // folder, it is found under pnpm's strict layout too (where a project sees only what it
    // declares), not only in npm's flat node_modules.
    const ours = createRequire(import.meta.url);
    const anvils = createRequire(ours.resolve('@foundry-rs/anvil/package.json'));
    const path = join(dirname(anvils.resolve(`${name}/package.json`)), 'bin', platform === 'win32' ? 'anvil.exe' : 'anvil');
    if (!existsSync(path)) return { reason: `${name} is installed without its binary` };
    return { path };
  } catch {
    return { reason: `${name} is not installed (optional dependencies left out?)` };
  }
}
