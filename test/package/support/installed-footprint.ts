// What installing a package brings into a project: its node_modules' size on disk, and the build
// tools, native addons and install scripts in it. The kit runs in pages: a project that installs
// it should get the kit and what the kit imports at run time, nothing that compiles or builds.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Packages that compile, bundle or transpile code, or build native code: never a page's run-time need. */
const BUILD_TOOLS = [
  /^tsx$/,
  /^esbuild$/,
  /^@esbuild\//,
  /^vite$/,
  /^rollup$/,
  /^@rollup\//,
  /^rolldown$/,
  /^@rolldown\//,
  /^typescript$/,
  /^webpack$/,
  /^@rspack\//,
  /^@swc\//,
  /^@babel\/core$/,
  /^terser$/,
  /^node-gyp$/,
];
/** Packages whose only job is to load or build a native addon. */
const ADDON_LOADERS = ['node-gyp-build', 'node-addon-api', 'prebuild-install', 'bindings', 'nan'];
/** The lifecycle scripts npm runs when a package is installed (a binding.gyp implies `install`). */
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'];

export interface Footprint {
  /** Bytes on disk (allocated blocks, as `du` counts them) of node_modules, links not followed. */
  diskBytes: number;
  /** The same files' lengths. */
  fileBytes: number;
  /** Every installed package, by name (a name installed twice appears twice). */
  packages: string[];
  buildTools: string[];
  /** Where each native addon is: binding.gyp, a compiled .node file, or a loader package. */
  nativeAddons: string[];
  /** "name: script" for each package npm would run a script for on install. */
  installScripts: string[];
}

interface Manifest {
  name?: string;
  scripts?: Record<string, string>;
  gypfile?: boolean;
}

/** Reads a node_modules tree (nested ones included) without running anything in it. */
export function footprint(nodeModules: string): Footprint {
  const result: Footprint = { diskBytes: lstatSync(nodeModules).blocks * 512, fileBytes: 0, packages: [], buildTools: [], nativeAddons: [], installScripts: [] };
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      const stat = lstatSync(path);
      result.diskBytes += stat.blocks * 512;
      result.fileBytes += stat.isFile() ? stat.size : 0;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && (entry.name === 'binding.gyp' || entry.name.endsWith('.node'))) result.nativeAddons.push(relative(nodeModules, path));
    }
  };
  walk(nodeModules);
  for (const dir of packageDirs(nodeModules)) {
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as Manifest;
    const name = manifest.name ?? relative(nodeModules, dir);
    result.packages.push(name);
    if (BUILD_TOOLS.some((pattern) => pattern.test(name))) result.buildTools.push(name);
    if (ADDON_LOADERS.includes(name)) result.nativeAddons.push(name);
    for (const script of INSTALL_SCRIPTS) {
      if (manifest.scripts?.[script]) result.installScripts.push(`${name}: ${script}`);
    }
    // npm runs `node-gyp rebuild` for a package with a binding.gyp and no install script of its own.
    if (!manifest.scripts?.install && !manifest.scripts?.preinstall && (manifest.gypfile || existsSync(join(dir, 'binding.gyp')))) {
      result.installScripts.push(`${name}: install (node-gyp rebuild, implied by binding.gyp)`);
    }
  }
  return result;
}

/** Each package folder in a node_modules tree: name or @scope/name, and those in nested node_modules. */
function packageDirs(nodeModules: string): string[] {
  if (!existsSync(nodeModules)) return [];
  const dirs: string[] = [];
  for (const entry of readdirSync(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const path = join(nodeModules, entry.name);
    const candidates = entry.name.startsWith('@')
      ? readdirSync(path, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(path, e.name))
      : [path];
    for (const dir of candidates) {
      if (existsSync(join(dir, 'package.json'))) dirs.push(dir);
      dirs.push(...packageDirs(join(dir, 'node_modules')));
    }
  }
  return dirs;
}

/** `npm pack` of the folder `dir` into `destination`; returns the tarball's path. */
export function pack(dir: string, destination: string): string {
  const out = execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', destination, '--json'], {
    cwd: dir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const [info] = JSON.parse(out) as { filename: string }[];
  return join(destination, info!.filename);
}

/**
 * Installs the tarball into an empty project at `project`, as a consumer would (from npm's cache
 * when it can), but runs no script: what the scripts are is read by footprint(), not executed.
 * npm still writes the project's package-lock.json (see npmInstallScripts). Returns the project's
 * node_modules.
 */
export function installIntoEmptyProject(tarball: string, project: string): string {
  mkdirSync(project, { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'empty-consumer', version: '1.0.0', private: true }));
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error', tarball], {
    cwd: project,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return join(project, 'node_modules');
}

/** npm's own word: the packages its lock file marks `hasInstallScript` in the project at `project`. */
export function npmInstallScripts(project: string): string[] {
  const lock = JSON.parse(readFileSync(join(project, 'package-lock.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean }> };
  return Object.entries(lock.packages)
    .filter(([, entry]) => entry.hasInstallScript)
    .map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length));
}

/** `du`'s own count of the bytes on disk under `dir`. */
export function duBytes(dir: string): number {
  return Number(execFileSync('du', ['-s', '--block-size=1', dir], { encoding: 'utf8' }).split('\t')[0]);
}
