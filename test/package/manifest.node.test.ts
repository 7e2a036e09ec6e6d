// The Custom Elements Manifest cannot go stale: regenerated here from the sources (as `npm run
// build` makes it), it must name every element, every attribute its lit class really observes,
// and every part its templates really render; and a manifest missing one of them is caught.
// VS Code's custom data, made from it, lists the same tags and attributes.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildManifest, manifestElements, vscodeCustomData } from '../../scripts/manifest.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ENTRY_DIR = join(ROOT, 'components', 'elements');
const entryNames = readdirSync(ENTRY_DIR).filter((f) => f.endsWith('.ts')).map((f) => basename(f, '.ts')).sort();

interface Declaration {
  tagName: string;
  attributes?: { name: string }[];
  cssParts?: { name: string }[];
  events?: { name: string; description?: string }[];
}
interface Manifest {
  modules: { declarations?: Declaration[] }[];
}
type LitClass = { tag: string; elementProperties: Map<string, { attribute?: string | boolean; state?: boolean }> };

/** The attributes a lit class observes (its own and inherited): what the manifest must list. */
function observedAttributes(cls: LitClass): string[] {
  return [...cls.elementProperties.entries()]
    .filter(([, options]) => !options.state && options.attribute !== false)
    .map(([name, options]) => (typeof options.attribute === 'string' ? options.attribute : name.toLowerCase()))
    .sort();
}

/** Static `part="…"` names in the element folder's templates, and the parts it forwards (dynamic parts are not counted). */
function templateParts(name: string): string[] {
  const dir = join(ROOT, 'components', `latch-${name}`);
  const parts = new Set<string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.includes('styles'))) {
    for (const match of readFileSync(join(dir, file), 'utf8').matchAll(/\bpart="([^"]*)"/g)) {
      for (const token of match[1]!.split(/\s+/)) if (token && !token.includes('$')) parts.add(token);
    }
    // A composed element's parts include those it forwards from its sections (`exportparts`),
    // listed in its `*-parts.ts` (<latch-wallet>'s wallet-parts.ts).
    if (file.endsWith('-parts.ts')) {
      for (const match of readFileSync(join(dir, file), 'utf8').matchAll(/\blist\(([^)]*)\)/g)) {
        for (const token of match[1]!.matchAll(/'([a-z-]+)'/g)) parts.add(token[1]!);
      }
    }
  }
  return [...parts].sort();
}

/** What a manifest gets wrong against the real elements; empty when it is right. */
function manifestProblems(manifest: Manifest, classes: Map<string, LitClass>): string[] {
  const problems: string[] = [];
  const declared = manifestElements(manifest) as Declaration[];
  for (const [name, cls] of classes) {
    const element = declared.find((d) => d.tagName === cls.tag);
    if (!element) {
      problems.push(`<${cls.tag}> is missing`);
      continue;
    }
    const attributes = new Set((element.attributes ?? []).map((a) => a.name));
    for (const attribute of observedAttributes(cls)) if (!attributes.has(attribute)) problems.push(`<${cls.tag}> lacks attribute ${attribute}`);
    const parts = new Set((element.cssParts ?? []).map((p) => p.name));
    for (const part of templateParts(name)) if (!parts.has(part)) problems.push(`<${cls.tag}> lacks part ${part}`);
    for (const event of element.events ?? []) if (!/^latch-[a-z-]+$/.test(event.name) || !event.description) problems.push(`<${cls.tag}> event ${event.name} is unnamed or undescribed`);
  }
  return problems;
}

describe('custom-elements.json', () => {
  let dir: string;
  let manifest: Manifest;
  const classes = new Map<string, LitClass>();

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'latchkey-cem-'));
    manifest = buildManifest(dir) as Manifest;
    for (const name of entryNames) {
      const module = (await import(join(ENTRY_DIR, `${name}.ts`))) as Record<string, LitClass>;
      classes.set(name, Object.values(module)[0]!);
    }
  }, { timeout: 60_000 });

  after(() => rmSync(dir, { recursive: true, force: true }));

  it('names every element, with every attribute its class observes and every part its templates render', () => {
    assert.deepEqual((manifestElements(manifest) as Declaration[]).map((d) => d.tagName).sort(), entryNames.map((n) => `latch-${n}`));
    assert.deepEqual(manifestProblems(manifest, classes), []);
    const auth = (manifestElements(manifest) as Declaration[]).find((d) => d.tagName === 'latch-auth')!;
    assert.ok(auth.events!.some((e) => e.name === 'latch-login'));
  });

  it('a manifest missing an attribute, a part or an element is caught', () => {
    const broken = JSON.parse(JSON.stringify(manifest)) as Manifest;
    const elements = manifestElements(broken) as Declaration[];
    const wallet = elements.find((d) => d.tagName === 'latch-wallet')!;
    wallet.attributes = wallet.attributes!.filter((a) => a.name !== 'wallet-id');
    wallet.cssParts = wallet.cssParts!.filter((p) => p.name !== 'mnemonic');
    const otp = elements.find((d) => d.tagName === 'latch-otp-input')!;
    otp.tagName = 'latch-otp-box';
    assert.deepEqual(manifestProblems(broken, classes).sort(), ['<latch-otp-input> is missing', '<latch-wallet> lacks attribute wallet-id', '<latch-wallet> lacks part mnemonic']);
  });

  it('VS Code custom data lists the same tags and attributes', () => {
    const data = vscodeCustomData(manifest) as { tags: { name: string; attributes: { name: string }[] }[] };
    const fromFile = JSON.parse(readFileSync(join(dir, 'vscode.html-custom-data.json'), 'utf8'));
    assert.deepEqual(fromFile, data);
    for (const element of manifestElements(manifest) as Declaration[]) {
      const tag = data.tags.find((t) => t.name === element.tagName)!;
      assert.deepEqual(tag.attributes.map((a) => a.name), (element.attributes ?? []).map((a) => a.name));
    }
  });

  it('package.json names the manifest the build writes', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { customElements?: string; files: string[] };
    assert.equal(pkg.customElements, 'dist/custom-elements.json');
  });
});
